/** The product mark: a flame in a rounded square. Decorative; the name is beside it. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo-mark">
      <rect width="32" height="32" rx="8" fill="#ff6a1a" />
      <path d="M16 5c1.5 4 6 6.5 6 12a6 6 0 0 1-12 0c0-3 1.6-4.6 3-6 .3 2 1.3 3 2.4 3.4C14.6 11 15 8 16 5z" fill="#fff6e8" />
    </svg>
  );
}
