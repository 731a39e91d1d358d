import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/ui/icon';
import { HOME_ICONS } from './icons';

const HERO_POSTER_WEBP = '/video/hero-poster.webp';

interface NetworkInformationLike {
  saveData?: boolean;
}

/** Reduced-motion and Save-Data visitors see the poster; the video plays only if they ask. */
function mayAutoplay(): boolean {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return !reduce && connection?.saveData !== true;
}

/** `play` and `pause` are the button's words in the page's language (the home page's island: no message group). */
export function HeroVideo({ play: playLabel, pause: pauseLabel }: { play: string; pause: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  const play = () => {
    const v = video.current;
    if (!v) return;
    // React does not reliably render `muted` as an attribute; browsers only autoplay muted video.
    v.muted = true;
    v.preload = 'auto';
    v.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  };

  useEffect(() => {
    if (mayAutoplay()) play();
  }, []);

  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (playing) {
      v.pause();
      setPlaying(false);
    } else play();
  };

  return (
    <div className="hero__media">
      <video
        ref={video}
        className="hero__video"
        muted
        loop
        playsInline
        preload="none"
        poster={HERO_POSTER_WEBP}
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src="/video/hero.webm" type="video/webm" />
        <source src="/video/hero.mp4" type="video/mp4" />
      </video>
      <button type="button" className="hero__play" onClick={toggle} aria-pressed={playing}>
        <Icon path={playing ? HOME_ICONS.pause : HOME_ICONS.play} size={18} />
        <span>{playing ? pauseLabel : playLabel}</span>
      </button>
    </div>
  );
}
