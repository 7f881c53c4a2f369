// Drawn, not typed: tablets without a symbol font showed empty boxes for ⏮ ⏸ ⏭.
const box = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const PlayIcon = () => (
  <svg {...box}>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </svg>
);

export const PauseIcon = () => (
  <svg {...box}>
    <path d="M6 4h4.5v16H6zM13.5 4H18v16h-4.5z" fill="currentColor" />
  </svg>
);

export const PreviousIcon = () => (
  <svg {...box}>
    <path d="M5 4h2.5v16H5zM20 4.5v15L8.5 12z" fill="currentColor" />
  </svg>
);

export const NextIcon = () => (
  <svg {...box}>
    <path d="M16.5 4H19v16h-2.5zM4 4.5v15L15.5 12z" fill="currentColor" />
  </svg>
);
