import { mergeAttributes, Node } from '@tiptap/react';

/**
 * The player address of a video page of an allowed host (the server's sanitiser keeps players of
 * these hosts only): YouTube (without its tracking cookies) and Vimeo; undefined for anything else.
 */
export function videoEmbedUrl(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = (value: string | null | undefined) =>
    value && /^[A-Za-z0-9_-]{6,20}$/.test(value) ? value : undefined;
  let youtube: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, kind, value] = url.pathname.split('/');
    youtube =
      url.pathname === '/watch'
        ? id(url.searchParams.get('v'))
        : ['embed', 'shorts', 'live'].includes(kind ?? '')
          ? id(value)
          : undefined;
  } else if (host === 'youtu.be') youtube = id(url.pathname.slice(1));
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube}`;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const video = /^\/(?:video\/)?(\d{3,12})$/.exec(url.pathname)?.[1];
    if (video) return `https://player.vimeo.com/video/${video}`;
  }
  return undefined;
}

declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    videoEmbed: {
      /** Puts the player of an allowed video (`videoEmbedUrl`) where the cursor is. */
      setVideoEmbed: (src: string) => ReturnType;
    };
  }
}

/** A video player in the text: an `<iframe>` of an allowed host, titled for screen readers. */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'iframe[src]',
        getAttrs: (element) => {
          const src = videoEmbedUrl((element as HTMLElement).getAttribute('src') ?? '');
          return src ? { src } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return [
      'iframe',
      mergeAttributes(HTMLAttributes, {
        title: 'Video',
        allowfullscreen: 'true',
        width: '640',
        height: '360',
      }),
    ];
  },
  addCommands() {
    return {
      setVideoEmbed:
        (src) =>
        ({ commands, state }) =>
          // After what is selected (an image just put in, say), never in its place.
          commands.insertContentAt(state.selection.to, { type: this.name, attrs: { src } }),
    };
  },
});
