import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../ui/icon';

const ICONS: Record<AuthAlertProps['severity'], IconName> = {
  info: 'infoOutlined',
  error: 'errorOutlineOutlined',
  warning: 'reportProblemOutlined',
};

export interface AuthAlertProps {
  severity: 'info' | 'error' | 'warning';
  title?: string;
  children: ReactNode;
}

/** A message on the sign-in card, drawn as MUI's outlined Alert and read out as one. */
export function AuthAlert({ severity, title, children }: AuthAlertProps) {
  return (
    <div role="alert" className={`auth-alert auth-alert--${severity}`}>
      <span className="auth-alert__icon">
        <Icon name={ICONS[severity]} />
      </span>
      <div className="auth-alert__message">
        {title && <div className="auth-alert__title">{title}</div>}
        {children}
      </div>
    </div>
  );
}
