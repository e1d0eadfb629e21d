import type { ReactNode } from 'react';
import { cx } from '../ui/cx';
import './page-message.css';

export interface StatusMessageProps {
  /** A decorative icon above the title. */
  icon?: ReactNode;
  title: string;
  text: string;
  /** A button or link that helps the reader on. */
  action?: ReactNode;
  /** The heading level of the title, to fit the page's outline. */
  headingLevel?: 'h1' | 'h2';
}

/** A centred empty, error or not-found message: icon, title, one line of text, an action. */
export function StatusMessage({
  icon,
  title,
  text,
  action,
  headingLevel = 'h2',
}: StatusMessageProps) {
  const Heading = headingLevel;
  return (
    <div className="status-message">
      {icon && (
        <div aria-hidden className="status-message__icon">
          {icon}
        </div>
      )}
      <Heading className={cx(headingLevel === 'h1' ? 't-h4' : 't-h5', 't-semibold')}>
        {title}
      </Heading>
      <p className="status-message__text t-body1 t-secondary">{text}</p>
      {action && <div className="status-message__action">{action}</div>}
    </div>
  );
}
