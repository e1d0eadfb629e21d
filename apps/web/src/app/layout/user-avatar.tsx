function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
}

/** The signed-in user's initial in a coloured circle; the name is written next to it. */
export function UserAvatar({ name, size = 32 }: { name: string; size?: number }) {
  return (
    <span
      aria-hidden
      className="user-avatar"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {initialOf(name)}
    </span>
  );
}
