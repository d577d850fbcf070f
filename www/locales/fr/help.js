// French messages, part "help": the techniques panel's entries (techniques-help.js), by
// technique id. The format is in www/locales/README.md; keys are the same in every language.
export default {
  'help.naked-single':
    'Barrez chaque symbole que la ligne, la colonne et le bloc de la case contiennent déjà. S’il ne reste qu’un symbole, la case doit le prendre.',
  'help.hidden-single':
    'Chaque ligne, colonne et bloc contient chaque symbole une fois. Regardez un symbole dans une unité : quand toutes les cases sauf une sont remplies ou voient ce symbole ailleurs, la dernière case le prend, quoi qu’elle puisse contenir d’autre.',
  'help.cage-combination':
    'Les chiffres d’une cage killer sont différents et leur somme est celle de la cage. Listez les ensembles de chiffres différents qui la donnent (17 en deux cases, c’est seulement 8+9) : un chiffre absent de tous quitte la cage, et un chiffre présent dans tous, avec une seule place possible dans la cage, y va. Un chiffre placé dans une cage quitte ses autres cases.',
  'help.innies-outies':
    'Chaque ligne, colonne et bloc d’un killer fait 45 (n(n+1)/2 pour d’autres tailles). Additionnez les cages entièrement dans une unité : les autres cases de l’unité, les « innies », font 45 moins ce total. Ou additionnez les cages qui couvrent l’unité : leurs cases hors de l’unité, les « outies », font ce total moins 45. Deux ou trois lignes ou colonnes voisines, ou deux blocs voisins, font de même 90 ou 135. Une case seule devient alors un chiffre connu ; quelques cases forment une nouvelle cage dont les combinaisons excluent des chiffres, et deux d’entre elles qui ne partagent ni ligne, ni colonne, ni bloc, ni cage peuvent porter le même chiffre.',
  'help.cage-locked-digits':
    'Quand chaque ensemble de chiffres qui donne la somme d’une cage contient le même chiffre, la cage le contient. Si ses places pour ce chiffre sont toutes dans une même ligne, colonne ou bloc (toujours le cas pour une cage à l’intérieur d’une unité), l’exemplaire de ce chiffre de l’unité est dans la cage, et les autres cases de l’unité le perdent.',
  'help.cage-hidden-digit':
    'Le miroir des chiffres imposés de cage : quand une ligne, une colonne ou un bloc a toutes ses places pour un chiffre dans une même cage, l’exemplaire de ce chiffre de l’unité est dans la cage. Ne gardez que les ensembles de chiffres qui font la somme de la cage et contiennent ce chiffre (15 en trois cases avec un 7 : 2+6+7 ou 3+5+7) ; un chiffre qui n’est dans aucun d’eux quitte la cage.',
  'help.cage-clash':
    'Deux cages dont les cases vides se voient toutes (toutes deux dans une même ligne, par exemple) contiennent des chiffres différents. Listez les ensembles de chiffres avec lesquels chacune peut encore faire sa somme : un ensemble de la première qui partage un chiffre avec chaque ensemble de la seconde est impossible, et un chiffre que seuls de tels ensembles utilisaient quitte la première cage. Un 14 et un 15 de deux cases chacun dans une ligne : 6+8 ne laisse au 15 ni 6+9 ni 7+8, donc le 14 est 5+9.',
  'help.pointing':
    'Quand les candidats d’un symbole dans un bloc sont tous sur une même ligne (ou colonne), l’exemplaire du bloc est sur cette ligne. On peut donc barrer ce symbole des cases de la ligne hors du bloc.',
  'help.claiming':
    'L’inverse du pointage : quand les candidats d’un symbole sur une ligne tombent tous dans un même bloc, l’exemplaire de la ligne est dans ce bloc. On peut barrer le symbole des autres cases du bloc.',
  'help.naked-pair':
    'Quand deux cases d’une même ligne, colonne ou bloc ont exactement les deux mêmes candidats, ces deux symboles se répartissent entre elles. Barrez-les des autres cases de l’unité.',
  'help.hidden-pair':
    'Quand deux symboles n’ont chacun que les deux mêmes places dans une unité, ces cases leur reviennent. Tous les autres candidats de ces deux cases peuvent partir.',
  'help.naked-triple':
    'Comme une paire nue avec trois cases : leurs candidats, pris ensemble, ne sont que trois symboles (une case peut n’en montrer que deux). Ces trois symboles remplissent ces trois cases : barrez-les ailleurs dans l’unité.',
  'help.hidden-triple':
    'Comme une paire cachée avec trois symboles : ensemble, ils n’ont que trois places dans l’unité. Ces cases doivent les contenir, donc tous les autres candidats des trois cases peuvent partir.',
  'help.naked-quad':
    'La forme à quatre cases de la paire et du triplet nus : quatre cases dont les candidats forment quatre symboles en tout. Ces symboles sont pris par ces quatre cases.',
  'help.hidden-quad':
    'La forme à quatre symboles de la paire cachée : quatre symboles qui ne partagent que quatre places dans une unité. Les autres candidats de ces cases peuvent partir.',
  'help.x-wing':
    'Trouvez deux lignes où un symbole n’a que deux places, dans les deux mêmes colonnes. Quel que soit le sens dans lequel il se place, il occupe les deux colonnes à cet endroit : on peut le barrer du reste de ces deux colonnes. Cela marche de même en échangeant lignes et colonnes.',
  'help.skyscraper':
    'Deux lignes (ou colonnes) ont chacune un symbole à exactement deux places, et une place de chacune est sur une ligne commune. L’une des deux extrémités éloignées doit contenir le symbole, donc une case qui voit les deux ne le peut pas.',
  'help.two-string-kite':
    'Un symbole a deux places sur une ligne et deux sur une colonne, et une de chaque est dans le même bloc. Alors l’une des deux autres extrémités le contient, et une case qui voit les deux perd le symbole.',
  'help.empty-rectangle':
    'Dans un bloc, les candidats d’un symbole sont sur une ligne et une colonne (le reste du bloc en est vide). Avec une ligne où le symbole n’a que deux places, dont la croix voit une extrémité, on l’élimine de la case où l’autre extrémité et la croix se rencontrent.',
  'help.finned-x-wing':
    'Quand un X-Wing est gâché par un ou deux candidats de plus dans un bloc, soit le X-Wing tient, soit l’aileron tient. Les cases que le X-Wing éliminerait et qui voient aussi l’aileron perdent le symbole dans les deux cas.',
  'help.finned-swordfish':
    'Comme pour le X-Wing à aileron : soit le motif Swordfish tient, soit l’aileron contient le symbole. Seules les cases que les deux élimineraient le perdent.',
  'help.unique-rectangle':
    'Une grille à solution unique ne peut jamais laisser deux symboles libres d’échanger leurs places dans un rectangle de quatre cases sur deux blocs. Donc, quand trois coins sont réduits aux deux mêmes symboles, le quatrième ne peut pas l’être aussi, et ces deux symboles le quittent.',
  'help.unique-rectangle-2':
    'Quatre cases sur deux blocs contiennent les deux mêmes symboles, et les deux coins d’un côté ont chacun un symbole de plus, le même. Pour éviter deux solutions, l’un de ces coins contient ce symbole, donc une case qui voit les deux ne le peut pas.',
  'help.unique-rectangle-3':
    'Deux coins du rectangle portent des symboles en plus, et l’un d’eux doit être vrai pour éviter deux solutions. Ces extras se comportent comme une seule case, qui forme avec d’autres cases de l’unité une paire ou un triplet nu, éliminant ses symboles du reste de l’unité.',
  'help.unique-rectangle-4':
    'Quand l’un des deux symboles du rectangle n’a pas d’autre place dans une unité que deux de ses coins, l’un d’eux le contient. Si ces deux coins avaient aussi l’autre symbole, le rectangle pourrait s’échanger : cet autre symbole est donc retiré des deux.',
  'help.bug-plus-one':
    'Quand toutes les cases vides sauf une n’ont plus que deux candidats, la grille est à un pas d’un motif mortel à plusieurs solutions. La case à trois candidats doit prendre celui qui apparaît trois fois dans ses unités.',
  'help.swordfish':
    'La forme à trois lignes du X-Wing : sur trois lignes, un symbole n’a ses places que dans trois colonnes. Ces lignes épuisent le symbole dans les trois colonnes : on peut le retirer des autres cases de ces colonnes.',
  'help.jellyfish':
    'La forme à quatre lignes du X-Wing et du Swordfish. Sur quatre lignes (ou colonnes), un symbole est confiné à quatre lignes croisées, qu’il épuise.',
  'help.xy-wing':
    'Une case pivot contient XY, une case qu’elle voit contient XZ et une autre YZ. Quoi que prenne le pivot, l’une des pinces devient Z, donc une case qui voit les deux pinces ne peut pas contenir Z.',
  'help.xyz-wing':
    'Un pivot contenant XYZ et deux cases qu’il voit contenant XZ et YZ : l’une des trois cases doit être Z. Une case qui voit les trois ne peut pas contenir Z.',
  'help.w-wing':
    'Deux cases éloignées contiennent toutes deux XY. Si une ligne, colonne ou bloc n’a X qu’à deux places, l’une vue par chaque case, elles ne peuvent pas être X toutes les deux : l’une est Y, et une case qui voit les deux perd Y.',
  'help.simple-colouring':
    'Là où un symbole n’a que deux places dans une unité, l’une est vraie et l’autre fausse : coloriez-les de deux couleurs et suivez ces liens. Si deux cases d’une même couleur se rencontrent dans une unité, cette couleur est fausse ; une case qui voit les deux couleurs ne peut pas contenir le symbole.',
  'help.x-chain':
    'Un lien fort (trait plein) relie les deux seules places d’un symbole dans une unité : si l’une est fausse, l’autre est vraie. Un lien faible (pointillé) relie deux places qui se voient : elles ne peuvent pas être vraies toutes les deux. Une chaîne qui commence et finit par des liens forts rend une extrémité vraie, donc une case qui voit les deux extrémités perd le symbole.',
  'help.xy-chain':
    'Dans une case à deux candidats, si l’un est faux l’autre est vrai (un lien fort). Des cases qui partagent un symbole et se voient ne peuvent pas le contenir toutes les deux (un lien faible). Suivez de telles cases d’un bout à l’autre : soit la première case, soit la dernière contient le symbole de la chaîne, donc une case qui voit les deux ne le peut pas.',
  'help.als-xz':
    'Un ensemble presque bloqué (ALS) est formé de N cases d’une unité contenant N+1 candidats : retirez un symbole et le reste est fixé. Deux tels ensembles qui partagent un symbole X ne pouvant être vrai dans les deux forcent leur autre symbole commun Z dans l’un d’eux, donc une case qui voit tous les Z des deux ensembles perd Z.',
  'help.als-xy-wing':
    'Comme un XY-Wing fait de groupes de cases : un ensemble presque bloqué central partage un symbole avec chacun de deux ensembles extérieurs. Quelle que soit la résolution du centre, un ensemble extérieur doit contenir leur symbole commun Z, donc les cases qui voient tous ces Z le perdent.',
  'help.aic':
    'Un lien fort (trait plein) dit « si ceci est faux, cela est vrai » ; un lien faible (pointillé) dit « si ceci est vrai, cela est faux ». En les alternant d’un bout à l’autre, on montre qu’au moins une extrémité est vraie, donc tout candidat qui voit les deux extrémités peut partir. Les liens peuvent joindre des symboles d’une même case ou de cases différentes.',
  'help.forcing-chain':
    'Prenez une case (ou un symbole dans une unité) et suivez ce que force chacun de ses choix. Quand chaque choix mène au même placement ou à la même élimination, celui-ci est vrai quel que soit le bon choix.',
  'help.forcing-net':
    'Un réseau forcé suit toutes les conséquences d’un choix, pas seulement une ligne d’entre elles, et les laisse se combiner. Il va plus loin qu’une chaîne mais est plus difficile à suivre à la main.',
  'help.guess':
    'Certaines grilles demandent des techniques au-delà de cette liste, ou des essais. L’indice nomme alors une case et la valeur qu’elle prend dans la solution.',
};
