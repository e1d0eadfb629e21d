import { Icon, type IconName } from '../../../ui/icon';

const ASSURANCES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'bolt',
    title: 'Instant delivery',
    text: 'Download your file right after payment.',
  },
  {
    icon: 'lockOutlined',
    title: 'Secure payment',
    text: 'Pay by card on a protected checkout page.',
  },
  {
    icon: 'workspacePremiumOutlined',
    title: 'Premium quality',
    text: 'Carefully made files, checked before release.',
  },
  {
    icon: 'verifiedOutlined',
    title: 'Satisfaction guarantee',
    text: "Something wrong with your file? We'll make it right.",
  },
];

/** Instant delivery, secure payment, premium quality and a satisfaction guarantee. */
export function ProductAssurances() {
  return (
    <ul aria-label="Why buy here" className="assurances">
      {ASSURANCES.map((item) => (
        <li key={item.title} className="assurances__item">
          <div aria-hidden className="assurances__icon">
            <Icon name={item.icon} />
          </div>
          <div>
            <p className="t-subtitle2 t-semibold">{item.title}</p>
            <p className="t-body2 t-secondary">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
