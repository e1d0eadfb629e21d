import type * as Markdown from '@bindery/shared/markdown';

type MarkdownModule = typeof Markdown;

let loading: Promise<MarkdownModule> | undefined;

/**
 * The description renderer (markdown-it and its entity and Unicode tables), loaded the first
 * time a description is rendered or indexed: a store at rest, or serving only its catalogue
 * and files, never holds it in memory.
 */
export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import('@bindery/shared/markdown');
  return loading;
}
