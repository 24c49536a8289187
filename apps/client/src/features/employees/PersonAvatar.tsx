import Avatar from '@mui/material/Avatar';
import { AVATAR_TRANSFORM, withImageTransform } from '@okul/domain';

/** An instructor's or employee's photo in lists (api.md 7.5: the 300x300 avatar), else their initials. */
export function PersonAvatar({
  person,
}: {
  person: { name: string; surname: string; avatar: string | null };
}) {
  const name = `${person.name} ${person.surname}`;
  return (
    <Avatar
      src={person.avatar ? withImageTransform(person.avatar, AVATAR_TRANSFORM) : undefined}
      alt={name}
      sx={{ width: 36, height: 36, fontSize: 14 }}
    >
      {`${person.name.charAt(0)}${person.surname.charAt(0)}`.toLocaleUpperCase('tr')}
    </Avatar>
  );
}
