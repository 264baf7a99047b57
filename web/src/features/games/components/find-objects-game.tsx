import { CheckCircle2, Circle, Info, Play, Settings } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { DEFAULT_GAME_IMAGE } from '../defaults'
import { MIN_TAP_PX } from '../logic/rules'
import type { GameImage } from '../logic/types'
import { GameHud, GameOverlay } from './game-hud'
import { GamePicture } from './game-picture'
import { showBoard, useGame } from './use-game'
import { usePlayableConfig } from './use-playable-config'

/** /games/find-objects, 'Clean Up The Forest!' (spec 02 §2 Games, §4, §9). */
export function FindObjectsGame({ configPath }: { configPath: string }) {
  const config = usePlayableConfig()
  if (config.loading) return <Loading />
  const images = config.images.length > 0 ? config.images : [DEFAULT_GAME_IMAGE]
  return <FindObjectsBoard images={images} configPath={configPath} />
}

function FindObjectsBoard({ images, configPath }: { images: GameImage[]; configPath: string }) {
  const [chosen, setChosen] = useState(images[0])
  const [usingDefault, setUsingDefault] = useState(false)
  const image = usingDefault ? DEFAULT_GAME_IMAGE : chosen
  // Each thing to find takes a finger on a phone's narrow picture (MIN_TAP_PX).
  const game = useGame(image.objects, 1, MIN_TAP_PX)
  const { state } = game
  const found = state.targets.filter((t) => t.found)
  const board = useRef<HTMLDivElement>(null)
  const start = () => {
    game.start()
    showBoard(board.current)
  }

  const choose = (next: GameImage) => {
    setChosen(next)
    setUsingDefault(false)
    game.reset(next.objects)
  }
  // Spec 02 §8: a configured picture that cannot be loaded gives way to the default one.
  const onImageError = () => {
    if (image.id === DEFAULT_GAME_IMAGE.id) return
    toast.error('Error', { description: 'Failed to load the game image. Using default image instead.' })
    setUsingDefault(true)
    game.reset(DEFAULT_GAME_IMAGE.objects)
  }

  return (
    <div className="space-y-5">
      {usingDefault && (
        <Alert tone="warning" className="flex items-center gap-2 font-semibold">
          <Info className="size-5 shrink-0" aria-hidden="true" /> The game image could not be loaded, so the default configuration is in use.
        </Alert>
      )}
      {images.length > 1 && state.status === 'not-started' && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Choose a picture">
          {images.map((img) => (
            <Button key={img.id} size="sm" variant={img.id === chosen.id ? 'secondary' : 'outline'} aria-pressed={img.id === chosen.id} onClick={() => choose(img)}>
              {img.name}
            </Button>
          ))}
        </div>
      )}
      {/* On a phone the score panel, the whole picture and the list fit the screen together while the
          clock runs: the picture is at most what the screen has left (--picture-height), the list two columns. */}
      <div ref={board} className="scroll-mt-20 space-y-3 [--picture-height:calc(100svh_-_23rem)] md:space-y-5 md:[--picture-height:calc(100svh_-_12rem)]">
        <GameHud state={state} found={found.length} total={state.targets.length} />
        <div className="grid gap-3 md:grid-cols-[1fr_260px] md:gap-5">
          <div className="relative">
            <GamePicture
              src={image.imageUrl}
              alt={image.name}
              active={state.status === 'playing'}
              maxHeight="var(--picture-height)"
              found={found.map((t) => ({ ...t, label: t.name }))}
              miss={state.status === 'playing' ? state.lastMiss : null}
              onPoint={game.click}
              onError={onImageError}
            />
            {state.status === 'not-started' && (
              <div className="absolute inset-0 flex items-center justify-center rounded-3xl bg-ink/25">
                <Button size="lg" onClick={start} className="shadow-xl">
                  <Play aria-hidden="true" /> Start Game
                </Button>
              </div>
            )}
            <GameOverlay state={state} onAgain={() => game.reset()} />
          </div>
          <aside className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-line md:p-5">
            <h2 className="text-lg font-bold md:text-xl">Things to find</h2>
            <p className="mt-1 text-sm text-muted">
              {/* The forest's words belong to the shop's forest picture; any other picture gets neutral ones. */}
              {image.id === DEFAULT_GAME_IMAGE.id ? 'Tap everything that does not belong in the forest.' : 'Tap each of these things in the picture.'} Three wrong taps and the game is over!
            </p>
            <ul className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 md:mt-4 md:block md:space-y-2" aria-label="Things to find">
              {state.targets.map((t, i) => (
                <li key={i} className={`flex items-center gap-2 text-base font-semibold capitalize md:text-lg ${t.found ? 'text-leaf-700 line-through' : ''}`}>
                  {t.found ? <CheckCircle2 className="size-5 shrink-0 text-leaf-500" aria-label="found" /> : <Circle className="size-5 shrink-0 text-tiger-300" aria-hidden="true" />}
                  {t.name}
                </li>
              ))}
            </ul>
            <Link to={configPath} className="mt-3 inline-flex items-center gap-2 text-sm font-bold text-tiger-700 hover:underline md:mt-6">
              <Settings className="size-4" aria-hidden="true" /> Configure game images
            </Link>
          </aside>
        </div>
      </div>
    </div>
  )
}
