import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import './description-field.css';

export const DESCRIPTION_HINT = 'Markdown: **bold**, *italic*, lists, [links](https://…)';

type Mode = 'write' | 'preview';

// The Markdown parser loads with the first preview, not with the dashboard.
const DescriptionPreview = lazy(() => import('./description-preview'));

type DescriptionFieldProps = TextFieldProps & { id: string; inputRef: Ref<HTMLTextAreaElement> };

/**
 * The description with Write and Preview tabs: Preview shows it as the product page will, drawn
 * by the same renderer. The text field stays mounted (hidden) so the form keeps reading it.
 */
export function DescriptionField({ inputRef, error, ...field }: DescriptionFieldProps) {
  const [mode, setMode] = useState<Mode>('write');
  const [preview, setPreview] = useState('');
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const ids = { write: `${field.id}-write`, preview: `${field.id}-preview` };
  // A refused description is shown where it can be corrected.
  useEffect(() => {
    if (error) setMode('write');
  }, [error]);

  const show = (next: Mode) => {
    if (next === 'preview') setPreview(textarea.current?.value ?? '');
    setMode(next);
  };
  const setRefs = (element: HTMLTextAreaElement | null) => {
    textarea.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };

  return (
    <div className="description-field">
      <Tabs
        value={mode}
        onChange={(_event, next: Mode) => show(next)}
        aria-label="Write or preview the description"
        selectionFollowsFocus
        className="description-field__tabs"
      >
        {(['write', 'preview'] as const).map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={tab === 'write' ? 'Write' : 'Preview'}
            id={`${ids[tab]}-tab`}
            aria-controls={ids[tab]}
          />
        ))}
      </Tabs>
      <div
        role="tabpanel"
        id={ids.write}
        aria-labelledby={`${ids.write}-tab`}
        hidden={mode !== 'write'}
      >
        <TextField
          {...field}
          error={error}
          inputRef={setRefs}
          label="Description"
          required
          multiline
          minRows={4}
          maxRows={12}
          helperText={field.helperText ?? DESCRIPTION_HINT}
        />
      </div>
      <div
        role="tabpanel"
        id={ids.preview}
        aria-labelledby={`${ids.preview}-tab`}
        hidden={mode !== 'preview'}
        className="description-field__preview"
      >
        {preview.trim() ? (
          <Suspense fallback={<p className="description-field__empty">Loading preview...</p>}>
            <DescriptionPreview source={preview} />
          </Suspense>
        ) : (
          <p className="description-field__empty">Nothing to preview yet.</p>
        )}
      </div>
    </div>
  );
}
