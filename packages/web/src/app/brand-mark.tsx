/** The Klubovna logo: a rounded square with a K. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled)" />
      <path d="M18 14h8v15l14-15h10L34 31l17 19H40L26 34v16h-8z" fill="#fff" />
    </svg>
  );
}
