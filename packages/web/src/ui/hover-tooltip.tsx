import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, type PointerEvent, type ReactElement, useState } from 'react';

type Target = ReactElement<{ onPointerEnter?: (event: PointerEvent<HTMLElement>) => void }>;

export interface HoverTooltipProps extends Omit<TooltipProps, 'children' | 'target'> {
  /** One element that takes a pointer-enter handler (an ActionIcon, a Button). */
  children: Target;
}

/**
 * Mantine's Tooltip, mounted when a mouse first comes over its target. A Tooltip (floating position,
 * hover and dismiss hooks, transition) costs as much to render as the button it labels, and rows of a
 * list carry two each; until a mouse comes near they are only their buttons. The button itself is
 * never re-created (the tooltip is attached beside it through `target`), so a click that follows at
 * once still reaches it. Like Mantine's default, the tooltip shows on mouse hover only: the buttons'
 * own labels name them to keyboard, touch and screen-reader users.
 */
export function HoverTooltip({ children, ...props }: HoverTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return (
    <>
      {cloneElement(children, {
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerEnter?.(event);
          if (event.pointerType !== 'touch') setTarget(event.currentTarget);
        },
      })}
      {target && <Tooltip {...props} target={target} />}
    </>
  );
}
