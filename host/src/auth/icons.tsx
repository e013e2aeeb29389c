/*
 * The two icons of the sign-in screens, drawn inline: @ant-design/icons would bring antd's
 * icon runtime into the login page (decision 0004).
 */

export function GlobeIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="8" cy="8" r="6.5" />
      <ellipse cx="8" cy="8" rx="2.8" ry="6.5" />
      <path d="M1.5 8h13M2.6 4.5h10.8M2.6 11.5h10.8" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg
      width="10"
      height="10"
      viewBox="0 0 10 10"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 3.5l3 3 3-3" />
    </svg>
  );
}
