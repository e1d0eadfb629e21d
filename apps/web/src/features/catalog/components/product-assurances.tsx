import { splitProductNote } from '@bindery/shared';
import { getStoreConfig } from '../../../lib/store-config';
import { Icon, type IconName } from '../../../ui/icon';

/** The specification's four notes keep their icons; any other note gets a tick. */
const ICONS: Record<string, IconName> = {
  'Instant delivery': 'bolt',
  'Secure payment': 'lockOutlined',
  'Premium quality': 'workspacePremiumOutlined',
  'Satisfaction guarantee': 'verifiedOutlined',
};

/**
 * The owner's notes under Buy Now (Settings; by default instant delivery, secure payment,
 * premium quality and a satisfaction guarantee). None at all when the owner hid them.
 */
export function ProductAssurances() {
  const notes = getStoreConfig().productNotes.map(splitProductNote);
  if (notes.length === 0) return null;
  return (
    <>
      <ul aria-label="Why buy here" className="assurances">
        {notes.map((note, index) => (
          <li key={index} className="assurances__item">
            <div aria-hidden className="assurances__icon">
              <Icon name={ICONS[note.heading] ?? 'checkCircle'} />
            </div>
            <div>
              <p className="t-subtitle2 t-semibold">{note.heading}</p>
              {note.text && <p className="t-body2 t-secondary">{note.text}</p>}
            </div>
          </li>
        ))}
      </ul>
      <hr className="divider product-info__divider" />
    </>
  );
}
