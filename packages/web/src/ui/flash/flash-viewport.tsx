import { Divider } from '@mantine/core';
import { useState } from 'react';
import { czechPlural } from '../format/plural.ts';
import classes from './flash.module.css';
import { FLASH_COLLAPSED_LIMIT, type FlashMessage } from './flash.types.ts';
import { FlashItem } from './flash-item.tsx';

interface FlashViewportProps {
  messages: readonly FlashMessage[];
  onDismiss: (id: string) => void;
}

/**
 * Sticky messages (auto-dismiss off) stay listed in full; the auto-dismissing ones form a stack that
 * collapses to the newest few and expands while pointed at or focused. A divider marks overflow.
 */
export function FlashViewport({ messages, onDismiss }: FlashViewportProps) {
  const [expanded, setExpanded] = useState(false);
  const sticky = messages.filter((message) => !message.autoDismiss).reverse();
  const auto = messages.filter((message) => message.autoDismiss).reverse();
  const hidden = Math.max(0, auto.length - FLASH_COLLAPSED_LIMIT);
  const overflowing = hidden > 0;
  const visibleAuto = expanded ? auto : auto.slice(0, FLASH_COLLAPSED_LIMIT);

  return (
    <section className={classes.viewport} aria-label="Oznámení" aria-live="polite">
      {sticky.length > 0 && (
        <div className={classes.stack} data-flash-stack="sticky">
          {sticky.map((flash) => (
            <FlashItem key={flash.id} flash={flash} onDismiss={onDismiss} />
          ))}
        </div>
      )}
      {auto.length > 0 && (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover only reveals more messages; focus does the same for keyboards
        <div
          className={classes.stack}
          data-flash-stack="auto"
          data-expanded={expanded}
          onMouseEnter={() => setExpanded(true)}
          onMouseLeave={() => setExpanded(false)}
          onFocus={() => setExpanded(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded(false);
          }}
        >
          {visibleAuto.map((flash, index) => (
            <FlashStackEntry
              key={flash.id}
              flash={flash}
              onDismiss={onDismiss}
              dividerBefore={expanded && overflowing && index === FLASH_COLLAPSED_LIMIT}
            />
          ))}
          {!expanded && overflowing && (
            <Divider
              className={classes.divider}
              data-testid="flash-overflow-divider"
              label={`+ ${hidden} ${czechPlural(hidden, ['další zpráva', 'další zprávy', 'dalších zpráv'])}`}
              labelPosition="center"
            />
          )}
        </div>
      )}
    </section>
  );
}

function FlashStackEntry({
  flash,
  onDismiss,
  dividerBefore,
}: {
  flash: FlashMessage;
  onDismiss: (id: string) => void;
  dividerBefore: boolean;
}) {
  return (
    <>
      {dividerBefore && (
        <Divider
          className={classes.divider}
          data-testid="flash-overflow-divider"
          label="Starší zprávy"
          labelPosition="center"
        />
      )}
      <FlashItem flash={flash} onDismiss={onDismiss} />
    </>
  );
}
