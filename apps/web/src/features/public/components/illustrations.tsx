import type { SVGProps } from 'react';

// Inline illustrations: no extra request on a slow phone connection, and they take the
// brand colours. They carry no text, so they need no translation.
const TEAL = '#0f766e';
const TEAL_DARK = '#134e4a';
const TEAL_LIGHT = '#ccfbf1';
const TEAL_PALE = '#f0fdfa';
const GOLD = '#f59e0b';
const GOLD_DARK = '#b45309';
const GOLD_LIGHT = '#fcd34d';

type Props = SVGProps<SVGSVGElement>;

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
export function HeroIllustration(props: Props) {
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

const iconBase = (props: Props) => ({
  viewBox: '0 0 64 64',
  width: 64,
  height: 64,
  'aria-hidden': true,
  ...props,
});

export function JoinIllustration(props: Props) {
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

export function DuesIllustration(props: Props) {
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

export function LoanIllustration(props: Props) {
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

export function SecurityIllustration(props: Props) {
  return (
    <svg {...iconBase(props)}>
      <circle cx={32} cy={32} r={32} fill={TEAL_PALE} />
      <path d="M32 10 L50 17 V31 C50 43 42 51 32 55 C22 51 14 43 14 31 V17 Z" fill={TEAL} />
      <path d="M32 16 L45 21 V31 C45 40 39 46 32 49 Z" fill={TEAL_DARK} opacity={0.35} />
      <path
        d="M23 32 l6 6 l12 -12"
        stroke="#ffffff"
        strokeWidth={4}
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

/** The not-found picture: a signpost whose arrows point every way but here. */
export function LostIllustration(props: Props) {
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

export function TransparencyIllustration(props: Props) {
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

export function FairnessIllustration(props: Props) {
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

export function MutualHelpIllustration(props: Props) {
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
