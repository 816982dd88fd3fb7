import {
  TEAL,
  TEAL_DARK,
  TEAL_LIGHT,
  TEAL_PALE,
  GOLD,
  GOLD_DARK,
  GOLD_LIGHT,
  iconBase,
  type IllustrationProps,
} from '../../../components/illustrations.tsx';

// The landing page's pictures (components/illustrations.tsx says why they are inline).

function Coin({ cx, cy, r = 16 }: { cx: number; cy: number; r?: number }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={GOLD} stroke={GOLD_DARK} strokeWidth={3} />
      <circle cx={cx} cy={cy} r={r * 0.55} fill="none" stroke={GOLD_LIGHT} strokeWidth={3} />
    </g>
  );
}

function CoinStack({ x, y, count }: { x: number; y: number; count: number }) {
  return (
    <g>
      {Array.from({ length: count }, (_, i) => (
        <g key={i}>
          <rect x={x - 26} y={y - i * 11 - 6} width={52} height={12} fill={GOLD} />
          <ellipse
            cx={x}
            cy={y - i * 11 + 6}
            rx={26}
            ry={7}
            fill={GOLD}
            stroke={GOLD_DARK}
            strokeWidth={2.5}
          />
          <ellipse
            cx={x}
            cy={y - i * 11 - 6}
            rx={26}
            ry={7}
            fill={GOLD_LIGHT}
            stroke={GOLD_DARK}
            strokeWidth={2.5}
          />
        </g>
      ))}
    </g>
  );
}

function Person({ x, skin, shirt }: { x: number; skin: string; shirt: string }) {
  return (
    <g>
      <path d={`M${x - 42} 318 C${x - 42} 250 ${x + 42} 250 ${x + 42} 318 Z`} fill={shirt} />
      <circle cx={x} cy={222} r={26} fill={skin} />
      <path
        d={`M${x - 26} 214 C${x - 24} 188 ${x + 24} 188 ${x + 26} 214 C${x + 12} 204 ${x - 12} 204 ${x - 26} 214 Z`}
        fill={TEAL_DARK}
      />
    </g>
  );
}

/** Members around a shared savings jar, coins going in. */
export function HeroIllustration(props: IllustrationProps) {
  return (
    <svg viewBox="0 0 480 360" width={480} height={360} aria-hidden {...props}>
      <circle cx={240} cy={190} r={160} fill={TEAL_LIGHT} />
      <circle cx={400} cy={70} r={26} fill={TEAL_PALE} />
      <circle cx={70} cy={110} r={16} fill={TEAL_PALE} />
      <ellipse cx={240} cy={322} rx={200} ry={14} fill={TEAL} opacity={0.15} />
      <Person x={90} skin="#c68642" shirt="#0d9488" />
      <Person x={390} skin="#8d5524" shirt="#115e59" />
      {/* the jar */}
      <rect
        x={160}
        y={130}
        width={160}
        height={190}
        rx={34}
        fill="#ffffff"
        stroke={TEAL}
        strokeWidth={6}
      />
      <rect x={178} y={104} width={124} height={32} rx={10} fill={TEAL} />
      <rect x={222} y={112} width={36} height={8} rx={4} fill={TEAL_DARK} />
      <CoinStack x={208} y={296} count={4} />
      <CoinStack x={268} y={296} count={6} />
      <path
        d="M180 170 C180 150 190 145 200 145"
        stroke={TEAL_LIGHT}
        strokeWidth={8}
        strokeLinecap="round"
        fill="none"
      />
      {/* coins on their way in */}
      <Coin cx={240} cy={62} r={20} />
      <Coin cx={196} cy={34} r={13} />
      <Coin cx={286} cy={30} r={11} />
      <path
        d="M240 88 v10 M228 92 l-4 6 M252 92 l4 6"
        stroke={GOLD_DARK}
        strokeWidth={3}
        strokeLinecap="round"
      />
    </svg>
  );
}

export function JoinIllustration(props: IllustrationProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx={32} cy={32} r={32} fill={TEAL_PALE} />
      <circle cx={28} cy={24} r={9} fill={TEAL} />
      <path d="M12 50 C12 36 44 36 44 50 Z" fill={TEAL} />
      <circle cx={46} cy={42} r={10} fill={GOLD} stroke="#ffffff" strokeWidth={3} />
      <path d="M46 37 v10 M41 42 h10" stroke="#ffffff" strokeWidth={3} strokeLinecap="round" />
    </svg>
  );
}

export function DuesIllustration(props: IllustrationProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx={32} cy={32} r={32} fill={TEAL_PALE} />
      <rect
        x={12}
        y={16}
        width={34}
        height={32}
        rx={5}
        fill="#ffffff"
        stroke={TEAL}
        strokeWidth={3}
      />
      <path d="M12 26 h34" stroke={TEAL} strokeWidth={3} />
      <path d="M20 12 v8 M38 12 v8" stroke={TEAL_DARK} strokeWidth={3} strokeLinecap="round" />
      <path
        d="M19 33 h6 M19 40 h6 M30 33 h6"
        stroke={TEAL}
        strokeWidth={3}
        strokeLinecap="round"
        opacity={0.5}
      />
      <circle cx={45} cy={44} r={10} fill={GOLD} stroke={GOLD_DARK} strokeWidth={2.5} />
      <circle cx={45} cy={44} r={5} fill="none" stroke={GOLD_LIGHT} strokeWidth={2.5} />
    </svg>
  );
}

export function LoanIllustration(props: IllustrationProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx={32} cy={32} r={32} fill={TEAL_PALE} />
      <rect x={10} y={20} width={38} height={22} rx={4} fill={TEAL} />
      <rect
        x={14}
        y={24}
        width={38}
        height={22}
        rx={4}
        fill="#ffffff"
        stroke={TEAL}
        strokeWidth={3}
      />
      <circle cx={33} cy={35} r={5} fill="none" stroke={TEAL} strokeWidth={3} />
      <circle cx={48} cy={46} r={10} fill={GOLD} stroke="#ffffff" strokeWidth={3} />
      <path d="M44 50 l8 -8" stroke="#ffffff" strokeWidth={2.5} strokeLinecap="round" />
      <circle cx={44.5} cy={42.5} r={1.8} fill="#ffffff" />
      <circle cx={51.5} cy={49.5} r={1.8} fill="#ffffff" />
    </svg>
  );
}
