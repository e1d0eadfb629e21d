import { AccountMessages } from '@bindery/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { getStoreConfig } from '../../../lib/store-config';
import { Button } from '../../../ui/button';
import './auth-card.css';

// Plain (ui/store.css, no MUI), like the catalogue: the sign-in page is the store's index, and
// MUI would double its first-load script.

/** The sign-in pages' card: the store's name, an icon, a heading and what the page is for. */
export function AuthCard({
  icon,
  heading,
  subheading,
  children,
}: {
  icon: ReactNode;
  heading: string;
  subheading: ReactNode;
  children: ReactNode;
}) {
  const { storeName } = getStoreConfig();
  return (
    <div className="auth-card-page">
      <div className="paper auth-card">
        <div className="auth-card__header">
          <div className="auth-card__avatar" aria-hidden>
            {icon}
          </div>
          <span className="auth-card__store t-overline t-secondary">{storeName}</span>
          <h1 className="auth-card__heading t-h5 t-semibold">{heading}</h1>
          <p className="t-body2 t-secondary">{subheading}</p>
        </div>
        {children}
      </div>
    </div>
  );
}

/** The card's main button: full width, busy while its request runs. */
export function AuthSubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth loading={busy}>
      {children}
    </Button>
  );
}

/** The way back from the recovery pages. */
export function BackToSignIn() {
  return (
    <p className="auth-card__footer t-body2">
      <RouterLink to="/login" className="auth-link">
        {AccountMessages.backToSignIn}
      </RouterLink>
    </p>
  );
}
