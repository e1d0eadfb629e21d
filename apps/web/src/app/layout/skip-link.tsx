export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first stop of the Tab key, hidden until focused, jumping past the top
 * bar to the page itself. Focus is moved by hand: a plain "#main-content" would put a hash into
 * the router's address.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
