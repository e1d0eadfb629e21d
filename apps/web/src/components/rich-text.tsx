import { cx } from '../ui/cx';
import './rich-text.css';

/**
 * A description rendered from Markdown by the shared renderer (`@bindery/shared/markdown`),
 * which allows no raw HTML and only web, mail and store links, so its HTML is set as it is
 * (decision 040). The server renders a product's (`descriptionHtml`); the form's preview its own.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={cx('rich-text', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
