import type { Home } from '@klubovna/shared';
import { z } from 'zod';
import { dataOf } from '../../http/api-answers.ts';
import { moneyAnswer } from '../../http/shared-answers.ts';

const homeItem = z.object({
  label: z.string(),
  detail: z.string(),
  link: z.string().nullable(),
  tone: z.enum(['neutral', 'warning', 'danger']),
});

const homeTrend = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  weeks: z.array(z.object({ week: z.string(), present: z.number().int(), marked: z.number().int() })),
});

/** `GET /api/cms/home` (`Home`): the tiles in the order shown. */
export const homeAnswer = dataOf(
  z.object({
    tiles: z.array(
      z.object({
        key: z.string(),
        title: z.string(),
        count: z.number().int(),
        summary: z.string(),
        link: z.string().nullable(),
        linkLabel: z.string().nullable(),
        items: z.array(homeItem),
        amounts: z.array(moneyAnswer).optional(),
        trends: z.array(homeTrend).optional(),
      }),
    ),
  }) satisfies z.ZodType<Home>,
);
