export { DreamMaker } from './components/dream-maker'
