import {
  IconApps,
  IconArticle,
  IconBallFootball,
  IconTrophy,
  IconUserShield,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';

/** An icon per zone of the named-route table; unknown zones get a generic one. */
const ZONE_ICONS: Record<string, typeof IconApps> = {
  members: IconUsersGroup,
  training: IconBallFootball,
  races: IconTrophy,
  content: IconArticle,
  users: IconUserShield,
  web: IconWorld,
};

export function zoneIcon(zone: string): typeof IconApps {
  return ZONE_ICONS[zone] ?? IconApps;
}
