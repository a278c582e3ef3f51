// Hand-written screens by the name the route table uses, each its own chunk. The table of
// loaders is generated from the screens' declarations (*.screen.json beside each screen).
export { SCREEN_LOADERS } from './generated/loaders';
