import { CheckoutMessages } from '@bindery/shared';
import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router';
import { StatusMessage } from '../../../components/status-message';

/** Where the hosted checkout returns when the buyer cancels: nothing was charged. */
export function PaymentCanceledPage() {
  return (
    <Container maxWidth="sm">
      <StatusMessage
        headingLevel="h1"
        icon={<RemoveShoppingCartOutlinedIcon />}
        title={CheckoutMessages.paymentCanceled}
        text={CheckoutMessages.paymentCanceledText}
        action={
          <Button component={RouterLink} to="/products" variant="contained" size="large">
            {CheckoutMessages.backToHome}
          </Button>
        }
      />
    </Container>
  );
}
