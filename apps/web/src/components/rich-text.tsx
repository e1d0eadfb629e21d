import { renderMarkdown } from '@bindery/shared/markdown';
import { useMemo } from 'react';
import { cx } from '../ui/cx';
import './rich-text.css';

/**
 * A description written in Markdown, drawn by the shared renderer the server uses too, so the
 * page the server sends and the one the app hydrates are the same (decision 040). The renderer
 * allows no raw HTML, only web, mail and store links, so its output is set as it is.
 */
export function RichText({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={cx('rich-text', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
