import { Info, Play, Settings } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { DEFAULT_DIFFERENCE_PAIR } from '../defaults'
import { DIFFERENCE_HIT_FACTOR } from '../logic/rules'
import type { DifferencePair } from '../logic/types'
import { GameHud, GameOverlay } from './game-hud'
import { GamePicture } from './game-picture'
import { showBoard, useGame } from './use-game'
import { usePlayableConfig } from './use-playable-config'

/** /games/find-differences, 'Find the Differences!' (spec 02 §2 Games, §5, §9). */
export function FindDifferencesGame({ configPath }: { configPath: string }) {
  const config = usePlayableConfig()
  if (config.loading) return <Loading />
  const pairs = config.pairs.length > 0 ? config.pairs : [DEFAULT_DIFFERENCE_PAIR]
  return <FindDifferencesBoard pairs={pairs} configPath={configPath} />
}

function FindDifferencesBoard({ pairs, configPath }: { pairs: DifferencePair[]; configPath: string }) {
  const [selectedId, setSelectedId] = useState<string | null>(pairs.length === 1 ? pairs[0].id : null)
  const [failed, setFailed] = useState(false)
  const pair = failed ? DEFAULT_DIFFERENCE_PAIR : (pairs.find((p) => p.id === selectedId) ?? null)
  const game = useGame(pair?.differences ?? [], DIFFERENCE_HIT_FACTOR)
  const { state } = game
  const found = state.targets.filter((t) => t.found)
  const board = useRef<HTMLDivElement>(null)

  const select = (p: DifferencePair) => {
    setSelectedId(p.id)
    setFailed(false)
    game.reset(p.differences)
  }
  const start = () => {
    if (!pair) {
      toast.error('Please select an image pair first')
      return
    }
    game.start()
    showBoard(board.current)
  }
  const onImageError = () => {
    if (!pair || pair.id === DEFAULT_DIFFERENCE_PAIR.id) return
    toast.error('Error', { description: 'Failed to load the game image. Using default image instead.' })
    setFailed(true)
    game.reset(DEFAULT_DIFFERENCE_PAIR.differences)
  }
  const markers = found.map((t) => ({ ...t, radius: t.radius * DIFFERENCE_HIT_FACTOR }))
  const playing = state.status === 'playing'

  return (
    <div className="space-y-5">
      {failed && (
        <Alert tone="warning" className="flex items-center gap-2 font-semibold">
          <Info className="size-5 shrink-0" aria-hidden="true" /> The game image could not be loaded, so the default configuration is in use.
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Image pairs">
          {pairs.map((p) => (
            <Button key={p.id} size="sm" variant={p.id === selectedId ? 'secondary' : 'outline'} aria-pressed={p.id === selectedId} disabled={playing} onClick={() => select(p)}>
              {p.name}
            </Button>
          ))}
        </div>
        <Button onClick={start} disabled={state.status !== 'not-started'}>
          <Play aria-hidden="true" /> Start Game
        </Button>
        <Link to={configPath} className="ml-auto inline-flex items-center gap-2 text-sm font-bold text-tiger-700 hover:underline">
          <Settings className="size-4" aria-hidden="true" /> Configure image pairs
        </Link>
      </div>
      {pair ? (
        // On a phone the two pictures are stacked, each at most half of what the screen has left
        // below the header and the score panel, so both are in view together (--picture-height).
        <div
          ref={board}
          className="scroll-mt-20 space-y-3 [--picture-height:calc((100svh_-_13rem)/2)] md:[--picture-height:calc(100svh_-_16rem)]"
        >
          <GameHud state={state} found={found.length} total={state.targets.length} />
          <div className="relative">
            <div className="grid gap-2 md:grid-cols-2 md:gap-4">
              {[pair.image1Url, pair.image2Url].map((src, i) => (
                <GamePicture
                  key={`${pair.id}-${i}`}
                  src={src}
                  alt={`${pair.name}, picture ${i + 1}`}
                  active={playing}
                  maxHeight="var(--picture-height)"
                  found={markers}
                  miss={playing ? state.lastMiss : null}
                  onPoint={game.click}
                  onError={onImageError}
                />
              ))}
            </div>
            <GameOverlay state={state} onAgain={() => game.reset()} />
          </div>
        </div>
      ) : (
        <Alert tone="info" className="text-center text-lg font-semibold">
          Choose an image pair above, then press Start Game.
        </Alert>
      )}
    </div>
  )
}
