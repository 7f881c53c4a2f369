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

export const FastForwardIcon = () => (
  <svg {...box}>
    <path d="M2.5 5v14l9-7zM12.5 5v14l9-7z" fill="currentColor" />
  </svg>
);

export const PlayAllIcon = () => (
  <svg {...box}>
    <path d="M3 5h11v2H3zM3 10h11v2H3zM3 15h7v2H3zM15 11v10l7-5z" fill="currentColor" />
  </svg>
);

export const InfoIcon = () => (
  <svg {...box}>
    <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M11 10.5h2V17h-2zM11 7h2v2h-2z" fill="currentColor" />
  </svg>
);

export const ExerciseIcon = () => (
  <svg {...box}>
    <circle cx="13" cy="4" r="2" fill="currentColor" />
    <path d="M10.5 7.5l-4 3 1.2 1.6 2.8-2.1.8 3.6-3.3 5.6 1.7 1 3.2-5.4 2.3 2.4V22h2v-5.6l-3-3.2-.8-3.6 2 1.6H19v-2h-2.9z" fill="currentColor" />
  </svg>
);
