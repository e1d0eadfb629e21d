/** Gallery beside the details on wide screens, above them on phones. */
export const productLayoutSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
  gap: { xs: 3, md: 6 },
  alignItems: 'start',
} as const;
