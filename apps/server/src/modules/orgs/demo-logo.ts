/** The demo organisation's logo: a small, self-contained SVG (a mortarboard on a shield). */
export const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="Demo University">
  <title>Demo University</title>
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e4fa3"/>
      <stop offset="1" stop-color="#10306b"/>
    </linearGradient>
  </defs>
  <path d="M64 6 L114 22 V60 C114 92 92 112 64 122 C36 112 14 92 14 60 V22 Z" fill="url(#g)" stroke="#c9a227" stroke-width="4"/>
  <path d="M64 38 L100 52 L64 66 L28 52 Z" fill="#ffffff"/>
  <path d="M42 58 V72 C42 80 86 80 86 72 V58 L64 67 Z" fill="#e8eefb"/>
  <path d="M96 54 V76" stroke="#c9a227" stroke-width="3" stroke-linecap="round"/>
  <circle cx="96" cy="79" r="4" fill="#c9a227"/>
  <text x="64" y="102" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="16" font-weight="700" fill="#ffffff">DU</text>
</svg>
`;
