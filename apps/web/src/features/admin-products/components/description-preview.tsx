import { renderMarkdown } from '@bindery/shared/markdown';
import { useMemo } from 'react';
import { RichText } from '../../../components/rich-text';

/** The description as its product page will show it: the server's renderer, run here. */
export default function DescriptionPreview({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <RichText html={html} />;
}
