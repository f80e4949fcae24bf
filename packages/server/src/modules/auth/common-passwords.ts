/**
 * Passwords of at least 8 characters found most often in published breach corpora (the top of the
 * SecLists "10k most common" and "xato-net 10-million" lists, plus Czech favourites seen in Czech
 * leaks). A password on it is refused whatever its case, since attackers try these first.
 * Shorter ones are not listed: the length rule refuses them anyway.
 */
const LIST = `
password 12345678 123456789 1234567890 qwertyuiop 11111111 00000000 12341234 87654321 88888888
iloveyou1 sunshine1 princess1 football1 baseball1 welcome1 password1 password12 password123
password1234 passw0rd p@ssw0rd p@ssword qwerty123 qwerty1234 qwertyui 1q2w3e4r 1q2w3e4r5t
1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 asdfghjkl
asdfasdf zxcvbnm1 zxcvbnm123 abcd1234 abc12345 abcdefgh abcdefg1 aa123456 a1234567 a12345678
123qweasd 123qweasdzxc qweasdzxc 1234qwer qwer1234 123abc123 12qwaszx trustno1 iloveyou123
sunshine superman starwars whatever computer internet football baseball basketball princess
welcome1234 letmein1 letmein123 monkey123 dragon123 master123 shadow123 michael1 jennifer
jordan23 michelle charlie1 liverpool chelsea1 arsenal1 manchester barcelona juventus
babygirl1 iloveyou2 lovelove 11223344 12121212 123123123 112233445566 123456123456 1111111111
999999999 987654321 9876543210 147258369 159753456 123654789 741852963 789456123 456789123
12344321 11112222 22222222 33333333 44444444 55555555 66666666 77777777 99999999 10203040
123456789a 123456789q 1234567a 12345678a 12345qwert 12345abc qwerty12 qwertz123 qwertzuiop
administrator admin123 admin1234 adminadmin root1234 rootroot changeme changeme1 default1
secret123 testtest test1234 test12345 tester123 guest123 passpass pass1234 pass12345
mypassword yourpassword newpassword mustang1 harley123 ranger123 hunter123 buster123
soccer123 hockey123 killer123 pokemon1 minecraft fortnite1 naruto123 batman123 spiderman
heslo123 heslo1234 heslo12345 hesloheslo mojeheslo noveheslo tajneheslo sparta1893
slavia1892 banikostrava praha123 prahapraha ceskarepublika cechy123 morava123 kocicka1
pejsek123 miluju123 milujutebe miminko1 maminka1 tatinek1 sluníčko sluncicko beruska1
jahoda123 nejlepsi1 zlatíčko zlaticko hokej123 fotbal123 florbal1 klubovna klubovna1
klubovna123 trener123 skola123 ahojahoj ahoj1234 `;

const COMMON = new Set(
  LIST.split(/\s+/)
    .filter(Boolean)
    .map((password) => password.toLowerCase()),
);

/** True when the password is on the shipped list of breached common passwords (ignoring case). */
export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());
