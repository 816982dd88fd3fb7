// Common passwords of at least 8 characters (shorter ones are refused by length anyway): the
// top of the public breach lists (SecLists, NCSC, NordPass) plus the words, places and names
// most used in the Gulf and South Asia, where the members live. Lower case; compared lowered.
export const COMMON_PASSWORDS: readonly string[] = String.raw`
password password1 password12 password123 password1234 password12345 password123456 password01
password11 password99 password! password1! password2 password3 password7 passw0rd passw0rd1
p@ssw0rd p@ssword p@ssw0rd1 pa$$word pa$$w0rd passpass passwort motdepasse contraseña mypassword
newpassword yourpassword secretpassword password2020 password2021 password2022 password2023
password2024 password2025 password2026 12345678 123456789 1234567890 12345678910 1234567891
0123456789 0987654321 9876543210 987654321 87654321 11111111 111111111 1111111111 00000000
000000000 0000000000 22222222 33333333 44444444 55555555 66666666 77777777 88888888 99999999
12341234 12344321 11223344 112233445566 12121212 13131313 123123123 123321123 123123123123
147258369 147852369 159753456 159357456 741852963 789456123 963852741 123456123 456456456
789789789 12345612 123456789a 123456789q 12345678a 1234567a 123456abc 123456aa 123456qq
123456qwe 1234567q 12345qwert 12345abc a123456789 a12345678 a1234567 aa123456 aa12345678
q12345678 ab123456 abc12345 abc123456 abcd1234 abcd12345 1234abcd 1a2b3c4d a1b2c3d4 a1b2c3d4e5
abcdefgh abcdefg1 abcdefghi abcdefghij abc123abc 123abc123 aaaaaaaa qwertyui qwertyuiop qwerty12
qwerty123 qwerty1234 qwerty12345 qwerty123456 qwertyu1 qwerty!@ qwertyqwerty q1w2e3r4 q1w2e3r4t5
q1w2e3r4t5y6 1q2w3e4r 1q2w3e4r5 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qaz2wsx3edc 1qazxsw2 !qaz2wsx
1qaz!qaz 2wsx3edc zaq12wsx zaq1zaq1 zaq1xsw2 qazwsxedc qazwsx123 qazwsx12 qazxswedc 12qwaszx
qwaszx12 123qweasd 123qweasdzxc qweasdzxc qweasd123 qweasdzx qwe12345 qwe123qwe 123qwe123
qweqweqwe qwer1234 1234qwer asdfghjk asdfghjkl asdf1234 asdf12345 asdfasdf asd12345 asdasd123
asdfgh123 zxcvbnm1 zxcvbnm123 zxc12345 zxcasdqwe poiuytrewq lkjhgfdsa mnbvcxz1 !@#$%^&*
!@#$%^&*() 1234!@#$ 1q2w3e4r! iloveyou iloveyou1 iloveyou2 iloveyou! iloveyou123 iloveu123
1loveyou loveme123 lovelove loveyou1 mylove123 sunshine sunshine1 princess princess1 princess123
football football1 football12 football123 baseball baseball1 baseball123 basketball soccer123
tennis123 hockey123 cricket1 cricket123 welcome1 welcome123 welcome! welcome01 welcome2
welcome2024 welcome2025 welcome2026 letmein1 letmein! letmein12 letmein123 trustno1 trustme1
superman superman1 superman123 starwars starwars1 whatever whatever1 dragon123 dragon1234
monkey123 michael1 michael123 jennifer computer computer1 internet internet1 shadow123 shadow12
master123 master1234 mastermind sunflower butterfly chocolate cocacola blink182 liverpool
liverpool1 chelsea1 chelsea123 arsenal1 arsenal123 manchester manutd123 barcelona realmadrid
juventus michelle jessica1 jordan23 jordan123 charlie1 charlie123 samantha danielle victoria
elizabeth alexander christian christopher jonathan nicholas benjamin superstar rockstar babygirl
babygirl1 sweetheart hello123 hello1234 helloworld hellokitty freedom1 spiderman batman123
pokemon1 pokemon123 naruto123 minecraft fortnite mustang1 corvette mercedes ferrari1 porsche1
maverick cowboys1 steelers yankees1 marlboro thunder1 phoenix1 midnight november december
september jasmine1 goodluck happy123 happiness matrix123 killer123 access14 secret123 secret12
default1 default123 testtest test1234 test12345 testing1 testing123 guest123 user1234 login123
root1234 admin123 admin1234 admin12345 adminadmin administrator administrator1 changeme
changeme1 changeme123 pass1234 pass12345 pass123456 letmein2024 summer2020 summer2021 summer2022
summer2023 summer2024 summer2025 summer2026 winter2023 winter2024 winter2025 spring2024
spring2025 january1 february1 monday123 friday123 sunday123 qwertyasdf 1234qwerasdf jesus123
jesuschrist blessed1 godisgood bismillah bismillah1 alhamdulillah mashallah inshallah
allahuakbar muhammad muhammad1 mohammed mohammad mohammed1 mohammad1 ramadan1 ramadan123
ramadan2025 ramadan2026 pakistan pakistan1 pakistan123 karachi123 lahore123 bangladesh
bangladesh1 dhaka123 india123 india1234 bharat123 hindustan mumbai123 delhi123 kerala123
chennai123 krishna1 krishna123 ganesh123 jaishriram saibaba1 shahrukh salmankhan bollywood
sachin123 dhoni007 philippines manila123 nepal123 srilanka dubai123 dubai2024 dubai2025
dubai2026 emirates abudhabi sharjah1 uae12345 uae123456 jamiya123 jamiya1234 jamiya2025
jamiya2026 savings1 savings123 money123 money1234 bankbank banking1 dollar123 dirham123
family123 family1234 mother123 father123 brother1 sister123 daughter grandma1 friends1
friendship princesa teamo123 angel123 angelina beautiful caroline cheyenne christina courtney
francesco gabriela isabella jennifer1 jonathan1 kimberly margaret patricia precious rebecca1
stephanie veronica william1 anthony1 richard1 robert123 thomas123 daniel123 david123 joseph123
andrew123 matthew1 joshua123 qwerty1! aaaaaaaaa bbbbbbbb zzzzzzzz xxxxxxxx asdfghjkl;
1234567890q qwertyuiop123
`
  .split(/\s+/)
  .filter(Boolean);
