// Spanish messages, part "help": the techniques panel's entries (techniques-help.js), by
// technique id. The format is in www/locales/README.md; keys are the same in every language.
export default {
  'help.naked-single':
    'Tacha cada símbolo que ya tienen la fila, la columna y la caja de la casilla. Cuando solo queda un símbolo, la casilla debe llevarlo.',
  'help.hidden-single':
    'Cada fila, columna y caja contiene cada símbolo una vez. Mira un símbolo en una unidad: cuando todas las casillas menos una están llenas o ven ese símbolo en otro sitio, la última casilla lo lleva, sea lo que sea lo que pudiera contener.',
  'help.cage-combination':
    'Los dígitos de una jaula killer son distintos y suman su total. Enumera los conjuntos de dígitos distintos que lo forman (17 en dos casillas es solo 8+9): un dígito que no está en ninguno sale de la jaula, y un dígito que está en todos y tiene un solo sitio en la jaula va ahí. Un dígito colocado en una jaula sale de sus otras casillas.',
  'help.innies-outies':
    'Cada fila, columna y caja de un killer suma 45 (n(n+1)/2 en otros tamaños). Suma las jaulas que están enteras dentro de una unidad: las demás casillas de la unidad, las «innies», suman 45 menos eso. O suma las jaulas que cubren la unidad: sus casillas fuera de ella, las «outies», suman eso menos 45. Dos o tres filas o columnas vecinas, o dos cajas vecinas, suman 90 o 135 del mismo modo. Una sola casilla queda entonces fijada; unas pocas casillas forman una nueva jaula cuyas combinaciones descartan dígitos, y dos de ellas que no comparten fila, columna, caja ni jaula pueden llevar el mismo dígito.',
  'help.cage-locked-digits':
    'Cuando cada conjunto de dígitos que da la suma de una jaula contiene el mismo dígito, la jaula lo contiene. Si sus sitios para ese dígito en la jaula están todos en una misma fila, columna o caja (siempre es así para una jaula dentro de una unidad), el dígito de esa unidad está en la jaula, y las demás casillas de la unidad lo pierden.',
  'help.cage-hidden-digit':
    'El reflejo de los dígitos obligados de jaula: cuando una fila, columna o caja tiene todos sus sitios para un dígito dentro de una misma jaula, el dígito de esa unidad está en la jaula. Quédate solo con los conjuntos de dígitos que dan la suma de la jaula e incluyen ese dígito (15 en tres casillas con un 7: 2+6+7 o 3+5+7); un dígito que no está en ninguno sale de la jaula.',
  'help.cage-clash':
    'Dos jaulas cuyas casillas abiertas se ven todas (las dos en una misma fila, por ejemplo) contienen dígitos distintos. Enumera los conjuntos de dígitos con los que cada una aún puede dar su suma: un conjunto de la primera que comparte un dígito con cada conjunto de la segunda es imposible, y un dígito que solo usaban esos conjuntos sale de la primera jaula. Un 14 y un 15 de dos casillas cada uno en una fila: 6+8 no deja al 15 ni 6+9 ni 7+8, así que el 14 es 5+9.',
  'help.pointing':
    'Cuando los candidatos de un símbolo en una caja están todos en una fila (o columna), el símbolo de la caja está en esa línea. Así que puede tacharse de las casillas de la línea fuera de la caja.',
  'help.claiming':
    'El reflejo del pointing: cuando los candidatos de un símbolo en una línea caen todos en una caja, el símbolo de la línea está en esa caja. Puede tacharse de las demás casillas de la caja.',
  'help.naked-pair':
    'Cuando dos casillas de una fila, columna o caja tienen exactamente los mismos dos candidatos, esos dos símbolos se reparten entre ellas. Tacha ambos de las demás casillas de la unidad.',
  'help.hidden-pair':
    'Cuando dos símbolos tienen cada uno solo los mismos dos sitios en una unidad, esas casillas son suyas. Todos los demás candidatos de las dos casillas pueden irse.',
  'help.naked-triple':
    'Como una pareja desnuda con tres casillas: sus candidatos, juntos, son solo tres símbolos (una casilla puede mostrar solo dos). Los tres símbolos llenan esas tres casillas, así que táchalos en el resto de la unidad.',
  'help.hidden-triple':
    'Como una pareja oculta con tres símbolos: juntos solo tienen tres sitios en la unidad. Esas casillas deben contenerlos, así que todos los demás candidatos de las tres casillas pueden irse.',
  'help.naked-quad':
    'La forma de cuatro casillas de la pareja y el trío desnudos: cuatro casillas cuyos candidatos suman cuatro símbolos en total. Esos símbolos los ocupan las cuatro casillas.',
  'help.hidden-quad':
    'La forma de cuatro símbolos de la pareja oculta: cuatro símbolos que comparten solo cuatro sitios en una unidad. Los demás candidatos de esas casillas pueden irse.',
  'help.x-wing':
    'Busca dos filas donde un símbolo tenga exactamente dos sitios, en las mismas dos columnas. Vaya como vaya el símbolo, ocupa ahí las dos columnas, así que puede tacharse del resto de esas dos columnas. Funciona igual cambiando filas por columnas.',
  'help.skyscraper':
    'Dos filas (o columnas) tienen cada una un símbolo en exactamente dos sitios, y un sitio de cada una está en una línea común. Uno de los dos extremos lejanos debe contener el símbolo, así que una casilla que ve ambos no puede.',
  'help.two-string-kite':
    'Un símbolo tiene dos sitios en una fila y dos en una columna, y uno de cada está en la misma caja. Entonces uno de los otros dos extremos lo contiene, y una casilla que ve ambos extremos pierde el símbolo.',
  'help.empty-rectangle':
    'Dentro de una caja, los candidatos de un símbolo están en una fila y una columna (el resto de la caja no lo tiene). Junto con una línea donde el símbolo tiene solo dos sitios, uno de los cuales ve la cruz, elimina el símbolo de la casilla donde se cruzan el otro extremo y la cruz.',
  'help.finned-x-wing':
    'Cuando un X-Wing se estropea por uno o dos candidatos de más en una caja, o vale el X-Wing o vale la aleta. Las casillas que el X-Wing limpiaría y que también ven la aleta pierden el símbolo en cualquier caso.',
  'help.finned-swordfish':
    'Como con el X-Wing con aleta: o vale el patrón Swordfish o la aleta contiene el símbolo. Solo lo pierden las casillas que ambos limpiarían.',
  'help.unique-rectangle':
    'Un sudoku con una sola solución nunca puede dejar dos símbolos libres de intercambiarse en un rectángulo de cuatro casillas repartido en dos cajas. Así que, cuando tres esquinas se reducen a los mismos dos símbolos, la cuarta no puede limitarse también a ellos, y esos dos símbolos salen de ella.',
  'help.unique-rectangle-2':
    'Cuatro casillas en dos cajas tienen los mismos dos símbolos, y las dos esquinas de un lado tienen cada una un símbolo más, el mismo. Para evitar dos soluciones, una de esas esquinas lleva el símbolo extra, así que una casilla que ve ambas no puede.',
  'help.unique-rectangle-3':
    'Dos esquinas del rectángulo llevan símbolos extra, y uno de ellos debe ser cierto para evitar dos soluciones. Esos extras se comportan como una sola casilla que, con otras casillas de la unidad, forma una pareja o un trío desnudo, y elimina sus símbolos del resto de la unidad.',
  'help.unique-rectangle-4':
    'Cuando uno de los dos símbolos del rectángulo no tiene en una unidad más sitio que dos de sus esquinas, una de ellas lo lleva. Si ambas esquinas tuvieran también el otro símbolo, el rectángulo podría intercambiarse, así que ese otro símbolo se quita de las dos.',
  'help.bug-plus-one':
    'Cuando todas las casillas vacías menos una tienen solo dos candidatos, la cuadrícula está a un paso de un patrón mortal con varias soluciones. La casilla con tres candidatos debe llevar el que aparece tres veces en sus unidades.',
  'help.swordfish':
    'La forma de tres líneas del X-Wing: en tres filas, un símbolo tiene sus sitios en solo tres columnas. Esas filas agotan el símbolo en las tres columnas, así que puede quitarse de las demás casillas de esas columnas.',
  'help.jellyfish':
    'La forma de cuatro líneas del X-Wing y el Swordfish. En cuatro filas (o columnas), un símbolo queda confinado a cuatro líneas cruzadas, que agota.',
  'help.xy-wing':
    'Una casilla pivote tiene XY, una casilla que ve tiene XZ y otra YZ. Tome lo que tome el pivote, una de las puntas será Z, así que una casilla que ve ambas puntas no puede tener Z.',
  'help.xyz-wing':
    'Un pivote con XYZ y dos casillas que ve con XZ y YZ: una de las tres casillas debe ser Z. Una casilla que ve las tres no puede tener Z.',
  'help.w-wing':
    'Dos casillas alejadas tienen ambas XY. Si una fila, columna o caja tiene X en solo dos sitios, uno visto por cada casilla, no pueden ser ambas X, así que una es Y, y una casilla que ve ambas pierde Y.',
  'help.simple-colouring':
    'Donde un símbolo tiene solo dos sitios en una unidad, uno es cierto y el otro falso: coloréalos de forma distinta y sigue esos enlaces. Si dos casillas del mismo color coinciden en una unidad, ese color es falso; una casilla que ve ambos colores no puede tener el símbolo.',
  'help.x-chain':
    'Un enlace fuerte (línea continua) une los dos únicos sitios de un símbolo en una unidad: si uno es falso, el otro es cierto. Un enlace débil (discontinuo) une dos sitios que se ven: no pueden ser ciertos los dos. Una cadena que empieza y acaba con enlaces fuertes hace cierto un extremo, así que una casilla que ve ambos extremos pierde el símbolo.',
  'help.xy-chain':
    'En una casilla con dos candidatos, si uno es falso el otro es cierto (un enlace fuerte). Casillas que comparten un símbolo y se ven no pueden tenerlo las dos (un enlace débil). Sigue esas casillas de un extremo al otro: o la primera casilla o la última lleva el símbolo de la cadena, así que una casilla que ve ambas no puede.',
  'help.als-xz':
    'Un conjunto casi bloqueado (ALS) son N casillas de una unidad con N+1 candidatos: quita un símbolo y el resto queda fijado. Dos de esos conjuntos que comparten un símbolo X que no puede ser cierto en ambos fuerzan su otro símbolo común Z en uno de ellos, así que una casilla que ve todas las Z de ambos conjuntos pierde Z.',
  'help.als-xy-wing':
    'Como un XY-Wing hecho de grupos de casillas: un conjunto casi bloqueado central comparte un símbolo con cada uno de dos conjuntos exteriores. Se resuelva como se resuelva el centro, un conjunto exterior debe llevar su símbolo común Z, así que las casillas que ven todas esas Z lo pierden.',
  'help.aic':
    'Un enlace fuerte (línea continua) dice «si esto es falso, aquello es cierto»; un enlace débil (discontinuo) dice «si esto es cierto, aquello es falso». Alternándolos de un extremo al otro se ve que al menos un extremo es cierto, así que cualquier candidato que ve ambos extremos puede irse. Los enlaces pueden unir símbolos en una casilla o entre casillas.',
  'help.forcing-chain':
    'Toma una casilla (o un símbolo en una unidad) y sigue lo que fuerza cada una de sus opciones. Cuando todas las opciones llevan a la misma colocación o eliminación, esta es cierta sea cual sea la opción correcta.',
  'help.forcing-net':
    'Una red forzada sigue todas las consecuencias de una opción, no solo una línea de ellas, y deja que se combinen. Llega más lejos que una cadena, pero es más difícil de seguir a mano.',
  'help.guess':
    'Algunas cuadrículas necesitan técnicas más allá de esta lista, o prueba y error. La pista nombra entonces una casilla y el valor que tiene en la solución.',
};
