import { Heart, PartyPopper, RotateCcw, Timer, Trophy, Frown } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { displayScore, type GameState } from '../logic/game-reducer'
import { WRONG_CLICKS_TO_LOSE, formatSeconds } from '../logic/rules'

/** Time left, score, finds and the wrong clicks so far: one row, small enough on a phone to leave room for the pictures. */
export function GameHud({ state, found, total }: { state: GameState; found: number; total: number }) {
  const lives = WRONG_CLICKS_TO_LOSE - state.wrongClicks
  return (
    <dl className="grid grid-cols-4 gap-2 sm:gap-3">
      <Stat icon={<Timer className="size-5" />} label="Time left" value={<span data-testid="time-left">{formatSeconds(state.timeLeft)}s</span>} tone="bg-sky-100 text-sky-500" />
      <Stat icon={<Trophy className="size-5" />} label="Score" value={<span data-testid="score">{displayScore(state)}</span>} tone="bg-sun-100 text-tiger-700" />
      <Stat icon={<PartyPopper className="size-5" />} label="Found" value={<span data-testid="found">{`${found} / ${total}`}</span>} tone="bg-leaf-100 text-leaf-700" />
      <Stat
        icon={<Heart className="size-5" />}
        label="Wrong clicks"
        value={<span data-testid="wrong-clicks">{`${state.wrongClicks} / ${WRONG_CLICKS_TO_LOSE}`}</span>}
        tone={lives <= 1 && state.status === 'playing' ? 'bg-berry-100 text-berry-500' : 'bg-grape-100 text-grape-700'}
      />
    </dl>
  )
}

/** One term and its value; a <dl> may hold only dt and dd in its groups, so the icon sits inside the dt. */
function Stat({ icon, label, value, tone }: { icon: ReactNode; label: string; value: ReactNode; tone: string }) {
  return (
    <div className="relative flex flex-col justify-center rounded-2xl bg-white p-2 shadow-sm ring-1 ring-line sm:min-h-16 sm:p-3 sm:pl-16">
      <dt className="text-[0.6875rem] leading-tight font-bold uppercase tracking-wide text-muted sm:text-xs">
        <span aria-hidden="true" className={`absolute top-1/2 left-3 hidden size-10 -translate-y-1/2 items-center justify-center rounded-xl sm:flex ${tone}`}>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-base font-bold tabular-nums sm:text-xl">{value}</dd>
    </div>
  )
}

/** Spec 02 §8 "Game outcomes": the two overlays and their buttons. */
export function GameOverlay({ state, onAgain }: { state: GameState; onAgain: () => void }) {
  if (state.status !== 'won' && state.status !== 'lost') return null
  const won = state.status === 'won'
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center rounded-3xl bg-ink/40 p-4 backdrop-blur-[2px]">
      <div role="alertdialog" aria-labelledby="game-outcome" className="w-full max-w-sm rounded-3xl bg-white p-6 text-center shadow-2xl">
        <span className={`mx-auto flex size-16 items-center justify-center rounded-full ${won ? 'bg-sun-100 text-tiger-600' : 'bg-berry-100 text-berry-500'}`}>
          {won ? <PartyPopper className="size-8" /> : <Frown className="size-8" />}
        </span>
        <h2 id="game-outcome" className="mt-3 text-3xl font-bold">
          {won ? 'Congratulations!' : 'Game Over!'}
        </h2>
        <p className="mt-2 text-lg text-muted">
          {won ? `You found them all! Your score: ${displayScore(state)}` : state.lossReason === 'wrong-clicks' ? 'Too many wrong clicks!' : "Time's up! Better luck next time!"}
        </p>
        <Button size="lg" className="mt-5" onClick={onAgain}>
          <RotateCcw aria-hidden="true" /> {won ? 'Play Again' : 'Try Again'}
        </Button>
      </div>
    </div>
  )
}
