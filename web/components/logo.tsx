// The Sointu mark, drawn here: a sound wave in a rounded square. The Swedish mode has its own
// colours and name (spec 1 section 1: rikssvenska has its own logo).
export function Logo({ swedish = false, onClick }: { swedish?: boolean; onClick?: () => void }) {
  const main = swedish ? '#005b99' : '#2a7a5b';
  const accent = swedish ? '#fecb00' : '#f2b134';
  return (
    <svg className="logo" viewBox={swedish ? '0 0 150 40' : '0 0 124 40'} role="img" aria-label={swedish ? 'Sointu Sverige' : 'Sointu'} onClick={onClick}>
      <rect x="1" y="1" width="38" height="38" rx="9" fill={main} />
      <path d="M7 20 Q11 8 15 20 T23 20 T31 20" fill="none" stroke={accent} strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="33" cy="20" r="2.5" fill={accent} />
      <text x="46" y="27" fontFamily="Georgia, serif" fontSize="20" fontWeight="bold" fill={main}>
        {swedish ? 'Sointu SE' : 'Sointu'}
      </text>
    </svg>
  );
}
