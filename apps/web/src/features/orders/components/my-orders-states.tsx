import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { StatusMessage } from '../../../components/status-message';

/** While the buyer's orders load. */
export function MyOrdersLoading() {
  return (
    <Stack
      role="status"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'center', py: 10 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="textSecondary">Loading your orders...</Typography>
    </Stack>
  );
}

/** A buyer with no orders: say so, and lead to the products. */
export function NoOrdersYet() {
  return (
    <StatusMessage
      icon={<ReceiptLongOutlinedIcon />}
      title="No orders yet"
      text="You haven't bought anything yet."
      action={
        <Button component={RouterLink} to="/products" variant="contained">
          Browse Products
        </Button>
      }
    />
  );
}
