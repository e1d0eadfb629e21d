import { toast } from '../lib/toast';
import { useIsHydrated } from '../lib/use-is-hydrated';
import { Button, type ButtonLook } from '../ui/button';
import { Icon } from '../ui/icon';

export const ShareMessages = {
  linkCopied: 'Link copied to clipboard',
  copyFailed: "Couldn't copy the link. Please copy it from the address bar.",
} as const;

export interface ShareButtonProps extends Omit<ButtonLook, 'startIcon' | 'endIcon'> {
  url: string;
  title: string;
  text?: string;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Opens the device's share sheet where there is one; elsewhere copies the link (DESIGN 9). */
export function ShareButton({ url, title, text, children = 'Share', ...look }: ShareButtonProps) {
  const share = async () => {
    const data: ShareData = { title, url, ...(text ? { text } : {}) };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closing the share sheet is the visitor's choice, not a failure.
        if (isAbort(error)) return;
      }
    }
    try {
      // Missing outside secure contexts (plain http on another host).
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast.success(ShareMessages.linkCopied);
    } catch {
      toast.error(ShareMessages.copyFailed);
    }
  };

  // Sharing needs the script: until it runs the button keeps its place, unseen and inert.
  const isHydrated = useIsHydrated();

  return (
    <Button
      variant="outlined"
      startIcon={<Icon name="shareOutlined" />}
      {...look}
      disabled={!isHydrated}
      style={isHydrated ? undefined : { visibility: 'hidden' }}
      onClick={() => void share()}
    >
      {children}
    </Button>
  );
}
