/** The console's mark (a SIM card on the brand colour); decorative, the product name follows it. */
export function BrandLogo({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      data-testid="brand-logo"
    >
      <rect width="32" height="32" rx="8" fill="#1677ff" />
      <path d="M11 6h7.5L23 10.5V25a1 1 0 0 1-1 1H11a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z" fill="#fff" />
      <rect x="12.5" y="14" width="8" height="8" rx="1.5" fill="#1677ff" />
      <path d="M16.5 14v8M12.5 18h8" stroke="#fff" strokeWidth="1" />
    </svg>
  );
}
