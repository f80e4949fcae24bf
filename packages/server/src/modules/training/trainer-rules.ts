import type { RelationDeclaration } from '../../engine/declaration/entity.types.ts';

/** Who may lead a group or a training: members of the trainer types; the pickers offer only them. */
export const LED_BY_TRAINERS: RelationDeclaration = {
  alias: 'member',
  onDelete: 'cascade',
  where: { memberType: ['TRAINER', 'HEAD_TRAINER'] },
  whereMessage: 'Trenérem může být jen trenér nebo vedoucí trenér',
};
