import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The dashboard's heading, and Add Product. */
export function ProductsDashboardHeader({ onAdd }: { onAdd: () => void }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
    >
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          Products
        </Typography>
        <Typography color="textSecondary">
          Add, edit and remove the products of your store.
        </Typography>
      </Box>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={onAdd}
        sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, flexShrink: 0 }}
      >
        Add Product
      </Button>
    </Stack>
  );
}
