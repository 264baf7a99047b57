// The two games, their player-side configuration screens and the admin panel.
export { FindObjectsGame } from './components/find-objects-game'
export { FindDifferencesGame } from './components/find-differences-game'
export { GameImagesEditor } from './components/game-images-editor'
export { DifferencePairsEditor } from './components/difference-pairs-editor'
export { useLocalGameImages, useLocalDifferencePairs, type ListStore } from './components/config-store'
export { usePublishedStore } from './api/save-game-config'
