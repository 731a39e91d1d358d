/** The home page's island: the hero video's play/pause button (the rest of the page is the server's markup). */
export { HeroVideo as default } from '../features/home/hero-video';
