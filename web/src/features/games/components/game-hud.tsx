import { Heart, PartyPopper, RotateCcw, Timer, Trophy, Frown } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { displayScore, type GameState } from '../logic/game-reducer'
import { WRONG_CLICKS_TO_LOSE, formatSeconds } from '../logic/rules'

/** Time left, score and the wrong clicks still allowed. */
export function GameHud({ state, found, total }: { state: GameState; found: number; total: number }) {
  const lives = WRONG_CLICKS_TO_LOSE - state.wrongClicks
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Stat icon={<Timer className="size-5" />} label="Time left" value={<span data-testid="time-left">{formatSeconds(state.timeLeft)}s</span>} tone="bg-sky-100 text-sky-500" />
      <Stat icon={<Trophy className="size-5" />} label="Score" value={<span data-testid="score">{displayScore(state)}</span>} tone="bg-sun-100 text-tiger-700" />
      <Stat icon={<PartyPopper className="size-5" />} label="Found" value={`${found} / ${total}`} tone="bg-leaf-100 text-leaf-700" />
      <Stat
        icon={<Heart className="size-5" />}
        label="Wrong clicks"
        value={<span data-testid="wrong-clicks">{`${state.wrongClicks} / ${WRONG_CLICKS_TO_LOSE}`}</span>}
        tone={lives <= 1 && state.status === 'playing' ? 'bg-berry-100 text-berry-500' : 'bg-grape-100 text-grape-700'}
      />
    </dl>
  )
}

function Stat({ icon, label, value, tone }: { icon: ReactNode; label: string; value: ReactNode; tone: string }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-line">
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${tone}`}>{icon}</span>
      <div>
        <dt className="text-xs font-bold uppercase tracking-wide text-muted">{label}</dt>
        <dd className="text-xl font-bold tabular-nums">{value}</dd>
      </div>
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
