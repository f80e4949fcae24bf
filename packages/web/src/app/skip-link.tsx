import classes from './layout.module.css';

/** First keyboard stop on every page: jumps to the main content without touching the URL. */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  return (
    <a
      className={classes.skipLink}
      href={`#${target}`}
      onClick={(event) => {
        const main = document.getElementById(target);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      Přeskočit na obsah
    </a>
  );
}
