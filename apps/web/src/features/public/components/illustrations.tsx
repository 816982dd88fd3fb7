import {
  TEAL,
  TEAL_DARK,
  TEAL_LIGHT,
  TEAL_PALE,
  GOLD,
  iconBase,
  type IllustrationProps,
} from '../../../components/illustrations.tsx';

// The pictures of the public pages but the landing page's (those are in features/landing; why
// they are drawn inline: components/illustrations.tsx).

/** The not-found picture: a signpost whose arrows point every way but here. */
export function LostIllustration(props: IllustrationProps) {
  return (
    <svg viewBox="0 0 320 220" width={320} height={220} {...props}>
      <ellipse cx={160} cy={200} rx={130} ry={12} fill={TEAL} opacity={0.15} />
      <circle cx={160} cy={104} r={96} fill={TEAL_LIGHT} />
      <path
        d="M40 196 C90 170 120 190 160 176 S250 150 290 178"
        stroke={TEAL}
        strokeWidth={4}
        strokeDasharray="2 12"
        strokeLinecap="round"
        fill="none"
      />
      <rect x={152} y={40} width={16} height={160} rx={4} fill={TEAL_DARK} />
      <path d="M168 52 H240 L258 68 L240 84 H168 Z" fill={TEAL} />
      <path d="M152 96 H84 L66 112 L84 128 H152 Z" fill={GOLD} />
      <path d="M168 140 H226 L242 154 L226 168 H168 Z" fill="#0d9488" />
      <path
        d="M186 68 h44 M136 112 h-40 M184 154 h30"
        stroke="#ffffff"
        strokeWidth={5}
        strokeLinecap="round"
        opacity={0.7}
      />
      <circle cx={252} cy={32} r={20} fill="#ffffff" stroke={TEAL} strokeWidth={4} />
      <path
        d="M245 27 C245 18 259 18 259 27 C259 33 252 33 252 39"
        stroke={TEAL_DARK}
        strokeWidth={4}
        strokeLinecap="round"
        fill="none"
      />
      <circle cx={252} cy={45} r={2.5} fill={TEAL_DARK} />
    </svg>
  );
}

export function TransparencyIllustration(props: IllustrationProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx={32} cy={32} r={32} fill={TEAL_PALE} />
      <path
        d="M8 32 C16 18 48 18 56 32 C48 46 16 46 8 32 Z"
        fill="#ffffff"
        stroke={TEAL}
        strokeWidth={3}
      />
      <circle cx={32} cy={32} r={9} fill={TEAL} />
      <circle cx={35} cy={29} r={3} fill="#ffffff" />
    </svg>
  );
}

export function FairnessIllustration(props: IllustrationProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx={32} cy={32} r={32} fill={TEAL_PALE} />
      <path
        d="M32 12 v36 M22 50 h20 M14 20 h36"
        stroke={TEAL_DARK}
        strokeWidth={3}
        strokeLinecap="round"
      />
      <path
        d="M14 20 L7 36 h14 Z M50 20 L43 36 h14 Z"
        fill="none"
        stroke={TEAL}
        strokeWidth={2.5}
        strokeLinejoin="round"
      />
      <path d="M7 36 a7 5 0 0 0 14 0 Z M43 36 a7 5 0 0 0 14 0 Z" fill={GOLD} />
      <circle cx={32} cy={12} r={3.5} fill={GOLD} />
    </svg>
  );
}

export function MutualHelpIllustration(props: IllustrationProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx={32} cy={32} r={32} fill={TEAL_PALE} />
      <circle cx={21} cy={24} r={7} fill={TEAL} />
      <circle cx={43} cy={24} r={7} fill="#0d9488" />
      <path d="M8 50 C8 36 34 36 34 50 Z" fill={TEAL} />
      <path d="M30 50 C30 36 56 36 56 50 Z" fill="#0d9488" />
      <path
        d="M32 20 c-3 -5 -10 -1 -6 4 l6 6 l6 -6 c4 -5 -3 -9 -6 -4 Z"
        fill={GOLD}
        transform="translate(0 -8)"
      />
    </svg>
  );
}
