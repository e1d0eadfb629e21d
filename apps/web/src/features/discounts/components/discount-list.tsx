import type { Discount } from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  RowActionIcons,
  RowActionTexts,
  type RowAction,
} from '../../../components/row-action-button';
import type { ProductChoice } from '../api/product-choices';
import {
  discountAmountText,
  discountDatesText,
  discountProductsText,
  discountStatusOf,
  redemptionsText,
  type DiscountStatus,
} from './discount-text';

export interface DiscountListProps {
  discounts: Discount[];
  products: readonly ProductChoice[] | undefined;
  onEdit: (discount: Discount) => void;
  onDelete: (discount: Discount) => void;
}

const STATUS_COLORS: Record<DiscountStatus, ChipProps['color']> = {
  Active: 'success',
  Scheduled: 'info',
  Expired: 'default',
  'Used up': 'warning',
};

function StatusChip({ discount }: { discount: Discount }) {
  const status = discountStatusOf(discount);
  return <Chip size="small" label={status} color={STATUS_COLORS[status]} variant="outlined" />;
}

function actionsOf(discount: Discount, { onEdit, onDelete }: DiscountListProps): RowAction[] {
  return [
    {
      key: 'edit',
      title: 'Edit',
      label: `Edit ${discount.code}`,
      icon: <EditOutlinedIcon />,
      tone: 'primary',
      iconColor: 'default',
      onClick: () => onEdit(discount),
    },
    {
      key: 'delete',
      title: 'Delete',
      label: `Delete ${discount.code}`,
      icon: <DeleteOutlinedIcon />,
      tone: 'error',
      onClick: () => onDelete(discount),
    },
  ];
}

const codeSx = { fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' } as const;

/** Every discount: a table on wider screens, one card each below the `sm` breakpoint. */
export function DiscountList(props: DiscountListProps) {
  const theme = useTheme();
  // Read at once, so a phone never flashes the table.
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { discounts, products } = props;

  if (isPhone) {
    return (
      <Stack component="ul" aria-label="Discount codes" spacing={2} sx={{ p: 0, m: 0 }}>
        {discounts.map((discount) => (
          <Paper
            component="li"
            variant="outlined"
            key={discount._id}
            sx={{ p: 2, listStyle: 'none' }}
          >
            <Stack spacing={1}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography component="h2" variant="body1" sx={codeSx}>
                  {discount.code}
                </Typography>
                <Typography variant="body1" sx={{ fontWeight: 600, flexShrink: 0 }}>
                  {discountAmountText(discount)}
                </Typography>
              </Box>
              <Typography variant="body2">{discountProductsText(discount, products)}</Typography>
              <Typography variant="body2" color="textSecondary">
                {discountDatesText(discount)} · Redemptions {redemptionsText(discount)}
              </Typography>
              <Box>
                <StatusChip discount={discount} />
              </Box>
              <RowActionTexts actions={actionsOf(discount, props)} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Discount codes">
        <TableHead>
          <TableRow>
            <TableCell>Code</TableCell>
            <TableCell>Discount</TableCell>
            <TableCell>Products</TableCell>
            <TableCell>Dates</TableCell>
            <TableCell align="right">Redemptions</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {discounts.map((discount) => (
            <TableRow key={discount._id}>
              <TableCell sx={codeSx}>{discount.code}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{discountAmountText(discount)}</TableCell>
              <TableCell sx={{ maxWidth: 260 }}>
                {discountProductsText(discount, products)}
              </TableCell>
              <TableCell>{discountDatesText(discount)}</TableCell>
              <TableCell align="right">{redemptionsText(discount)}</TableCell>
              <TableCell>
                <StatusChip discount={discount} />
              </TableCell>
              <TableCell align="right">
                <RowActionIcons
                  actions={actionsOf(discount, props)}
                  sx={{ gap: 0.5, justifyContent: 'flex-end' }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
