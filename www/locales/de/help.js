// German messages, part "help": the techniques panel's entries (techniques-help.js), by
// technique id. The format is in www/locales/README.md; keys are the same in every language.
export default {
  'help.naked-single':
    'Streichen Sie jedes Symbol, das Zeile, Spalte und Block des Feldes schon enthalten. Bleibt nur ein Symbol übrig, muss das Feld es bekommen.',
  'help.hidden-single':
    'Jede Zeile, Spalte und jeder Block enthält jedes Symbol einmal. Betrachten Sie ein Symbol in einer Einheit: Ist jedes Feld bis auf eines gefüllt oder sieht dieses Symbol anderswo, bekommt das letzte Feld es, was es sonst auch enthalten könnte.',
  'help.cage-combination':
    'Die Ziffern eines Killer-Käfigs sind verschieden und ergeben zusammen seine Summe. Listen Sie die Mengen verschiedener Ziffern auf, die sie ergeben (17 in zwei Feldern ist nur 8+9): Eine Ziffer, die in keiner vorkommt, verlässt den Käfig, und eine Ziffer, die in jeder Menge vorkommt und nur noch einen Platz im Käfig hat, kommt dorthin. Eine im Käfig gesetzte Ziffer verlässt seine anderen Felder.',
  'help.innies-outies':
    'Jede Zeile, Spalte und jeder Block eines Killers ergibt 45 (n(n+1)/2 bei anderen Größen). Addieren Sie die Käfige, die ganz in einer Einheit liegen: Die übrigen Felder der Einheit, die Innies, ergeben 45 minus diese Summe. Oder addieren Sie die Käfige, die die Einheit abdecken: Ihre Felder außerhalb, die Outies, ergeben diese Summe minus 45. Zwei oder drei benachbarte Zeilen oder Spalten, oder zwei benachbarte Blöcke, ergeben ebenso 90 oder 135. Ein einzelnes Feld ist dann bekannt; einige Felder bilden einen neuen Käfig, dessen Kombinationen Ziffern ausschließen, und zwei davon, die keine Zeile, Spalte, keinen Block und keinen Käfig teilen, dürfen dieselbe Ziffer enthalten.',
  'help.cage-locked-digits':
    'Wenn jede Ziffernmenge, die die Summe eines Käfigs ergibt, dieselbe Ziffer enthält, enthält der Käfig sie. Liegen ihre Plätze im Käfig alle in einer Zeile, Spalte oder einem Block (bei einem Käfig innerhalb einer Einheit immer), liegt die Ziffer dieser Einheit im Käfig, und die anderen Felder der Einheit verlieren sie.',
  'help.cage-hidden-digit':
    'Das Spiegelbild der Pflichtziffern im Käfig: Liegen alle Plätze einer Zeile, Spalte oder eines Blocks für eine Ziffer in einem Käfig, liegt die Ziffer dieser Einheit im Käfig. Behalten Sie nur die Ziffernmengen, die die Summe des Käfigs ergeben und diese Ziffer enthalten (15 in drei Feldern mit einer 7: 2+6+7 oder 3+5+7); eine Ziffer, die in keiner davon vorkommt, verlässt den Käfig.',
  'help.cage-clash':
    'Zwei Käfige, deren offene Felder sich alle sehen (etwa beide in einer Zeile), enthalten verschiedene Ziffern. Listen Sie die Ziffernmengen auf, mit denen jeder noch seine Summe bilden kann: Eine Menge des ersten, die mit jeder Menge des zweiten eine Ziffer teilt, ist unmöglich, und eine Ziffer, die nur solche Mengen verwendeten, verlässt den ersten Käfig. Eine 14 und eine 15 aus je zwei Feldern einer Zeile: 6+8 lässt der 15 weder 6+9 noch 7+8, also ist die 14 gleich 5+9.',
  'help.pointing':
    'Liegen die Kandidaten eines Symbols in einem Block alle in einer Zeile (oder Spalte), liegt das Symbol des Blocks auf dieser Linie. Also kann es aus den Feldern der Linie außerhalb des Blocks gestrichen werden.',
  'help.claiming':
    'Die Umkehrung von Pointing: Liegen die Kandidaten eines Symbols auf einer Linie alle in einem Block, liegt das Symbol der Linie in diesem Block. Es kann aus den anderen Feldern des Blocks gestrichen werden.',
  'help.naked-pair':
    'Haben zwei Felder einer Zeile, Spalte oder eines Blocks genau dieselben zwei Kandidaten, teilen sich diese beiden Symbole die zwei Felder. Streichen Sie beide aus den anderen Feldern der Einheit.',
  'help.hidden-pair':
    'Haben zwei Symbole in einer Einheit jeweils nur dieselben zwei Plätze, gehören diese Felder ihnen. Alle anderen Kandidaten der beiden Felder können weg.',
  'help.naked-triple':
    'Wie ein nacktes Paar mit drei Feldern: Ihre Kandidaten zusammen sind nur drei Symbole (ein Feld kann auch nur zwei davon zeigen). Die drei Symbole füllen diese drei Felder, also streichen Sie sie anderswo in der Einheit.',
  'help.hidden-triple':
    'Wie ein verstecktes Paar mit drei Symbolen: Zusammen haben sie nur drei Plätze in der Einheit. Diese Felder müssen sie enthalten, also können alle anderen Kandidaten der drei Felder weg.',
  'help.naked-quad':
    'Die Form mit vier Feldern von nacktem Paar und Tripel: vier Felder, deren Kandidaten insgesamt vier Symbole sind. Diese Symbole werden von den vier Feldern aufgebraucht.',
  'help.hidden-quad':
    'Die Form mit vier Symbolen des versteckten Paars: vier Symbole, die sich in einer Einheit nur vier Plätze teilen. Die anderen Kandidaten dieser Felder können weg.',
  'help.x-wing':
    'Suchen Sie zwei Zeilen, in denen ein Symbol genau zwei Plätze hat, in denselben zwei Spalten. Wie herum das Symbol auch steht, es belegt dort beide Spalten, also kann es aus dem Rest der zwei Spalten gestrichen werden. Mit vertauschten Zeilen und Spalten geht es genauso.',
  'help.skyscraper':
    'Zwei Zeilen (oder Spalten) haben ein Symbol an genau zwei Plätzen, und je ein Platz liegt auf einer gemeinsamen Linie. Eines der beiden fernen Enden muss das Symbol enthalten, also kann ein Feld, das beide sieht, es nicht.',
  'help.two-string-kite':
    'Ein Symbol hat zwei Plätze in einer Zeile und zwei in einer Spalte, und je einer liegt im selben Block. Dann enthält eines der beiden anderen Enden das Symbol, und ein Feld, das beide Enden sieht, verliert es.',
  'help.empty-rectangle':
    'In einem Block liegen die Kandidaten eines Symbols auf einer Zeile und einer Spalte (der Rest des Blocks ist frei davon). Zusammen mit einer Linie, auf der das Symbol nur zwei Plätze hat und deren eines Ende das Kreuz sieht, entfernt es das Symbol aus dem Feld, in dem sich das andere Ende und das Kreuz treffen.',
  'help.finned-x-wing':
    'Wird ein X-Wing durch einen oder zwei zusätzliche Kandidaten in einem Block gestört, gilt entweder der X-Wing oder die Flosse. Felder, die der X-Wing bereinigen würde und die auch die Flosse sehen, verlieren das Symbol in jedem Fall.',
  'help.finned-swordfish':
    'Wie beim X-Wing mit Flosse: Entweder gilt das Swordfish-Muster, oder die Flosse enthält das Symbol. Nur die Felder, die beide bereinigen würden, verlieren es.',
  'help.unique-rectangle':
    'Ein Rätsel mit einer Lösung kann nie zwei Symbole frei ihre Plätze in einem Rechteck aus vier Feldern über zwei Blöcke tauschen lassen. Sind also drei Ecken auf dieselben zwei Symbole beschränkt, kann die vierte es nicht auch sein, und diese zwei Symbole verlassen sie.',
  'help.unique-rectangle-2':
    'Vier Felder in zwei Blöcken enthalten dieselben zwei Symbole, und die zwei Ecken einer Seite haben je ein weiteres, gleiches Symbol. Um zwei Lösungen zu vermeiden, enthält eine dieser Ecken das zusätzliche Symbol, also kann ein Feld, das beide sieht, es nicht.',
  'help.unique-rectangle-3':
    'Zwei Ecken des Rechtecks tragen zusätzliche Symbole, und eines davon muss wahr sein, um zwei Lösungen zu vermeiden. Diese Extras verhalten sich wie ein einzelnes Feld, das mit anderen Feldern der Einheit ein nacktes Paar oder Tripel bildet und dessen Symbole aus dem Rest der Einheit streicht.',
  'help.unique-rectangle-4':
    'Hat eines der zwei Symbole des Rechtecks in einer Einheit keinen anderen Platz als zwei seiner Ecken, enthält eine davon es. Hätten beide Ecken auch das andere Symbol, könnte das Rechteck tauschen, also wird das andere Symbol aus beiden entfernt.',
  'help.bug-plus-one':
    'Haben alle leeren Felder bis auf eines nur noch zwei Kandidaten, ist das Gitter einen Schritt von einem tödlichen Muster mit mehreren Lösungen entfernt. Das Feld mit drei Kandidaten muss den bekommen, der in seinen Einheiten dreimal vorkommt.',
  'help.swordfish':
    'Die Form des X-Wings mit drei Linien: In drei Zeilen hat ein Symbol seine Plätze in nur drei Spalten. Diese Zeilen brauchen das Symbol in den drei Spalten auf, also kann es aus den anderen Feldern der Spalten weg.',
  'help.jellyfish':
    'Die Form von X-Wing und Swordfish mit vier Linien. In vier Zeilen (oder Spalten) ist ein Symbol auf vier kreuzende Linien beschränkt, die es aufbraucht.',
  'help.xy-wing':
    'Ein Angelfeld enthält XY, ein Feld, das es sieht, XZ und ein anderes YZ. Was das Angelfeld auch bekommt, eine der Spitzen wird Z, also kann ein Feld, das beide Spitzen sieht, nicht Z enthalten.',
  'help.xyz-wing':
    'Ein Angelfeld mit XYZ und zwei Felder, die es sieht, mit XZ und YZ: Eines der drei Felder muss Z sein. Ein Feld, das alle drei sieht, kann nicht Z enthalten.',
  'help.w-wing':
    'Zwei weit entfernte Felder enthalten beide XY. Hat eine Zeile, Spalte oder ein Block X nur an zwei Plätzen, von denen jedes Feld einen sieht, können nicht beide X sein; eines ist also Y, und ein Feld, das beide sieht, verliert Y.',
  'help.simple-colouring':
    'Hat ein Symbol in einer Einheit nur zwei Plätze, ist einer wahr und der andere falsch: Färben Sie sie verschieden und folgen Sie solchen Verbindungen. Treffen sich zwei Felder einer Farbe in einer Einheit, ist diese Farbe falsch; ein Feld, das beide Farben sieht, kann das Symbol nicht enthalten.',
  'help.x-chain':
    'Eine starke Verbindung (durchgezogene Linie) verbindet die einzigen zwei Plätze eines Symbols in einer Einheit: Ist einer falsch, ist der andere wahr. Eine schwache Verbindung (gestrichelt) verbindet zwei Plätze, die sich sehen: Sie können nicht beide wahr sein. Eine Kette, die mit starken Verbindungen beginnt und endet, macht ein Ende wahr, also verliert ein Feld, das beide Enden sieht, das Symbol.',
  'help.xy-chain':
    'In einem Feld mit zwei Kandidaten ist der eine wahr, wenn der andere falsch ist (eine starke Verbindung). Felder, die ein Symbol teilen und sich sehen, können es nicht beide enthalten (eine schwache Verbindung). Folgen Sie solchen Feldern von einem Ende zum anderen: Entweder das erste oder das letzte Feld enthält das Symbol der Kette, also kann ein Feld, das beide sieht, es nicht.',
  'help.als-xz':
    'Eine fast gesperrte Menge (ALS) sind N Felder einer Einheit mit N+1 Kandidaten: Entfernt man ein Symbol, steht der Rest fest. Zwei solche Mengen, die ein Symbol X teilen, das nicht in beiden wahr sein kann, zwingen ihr anderes gemeinsames Symbol Z in eine von ihnen, also verliert ein Feld, das jedes Z beider Mengen sieht, Z.',
  'help.als-xy-wing':
    'Wie ein XY-Wing aus Feldgruppen: Eine mittlere fast gesperrte Menge teilt je ein Symbol mit zwei äußeren Mengen. Wie sich die Mitte auch auflöst, eine äußere Menge muss ihr gemeinsames Symbol Z enthalten, also verlieren Felder, die all diese Z sehen, es.',
  'help.aic':
    'Eine starke Verbindung (durchgezogene Linie) sagt: „Ist dies falsch, ist das wahr“; eine schwache Verbindung (gestrichelt) sagt: „Ist dies wahr, ist das falsch“. Abwechselnd von einem Ende zum anderen zeigen sie, dass mindestens ein Ende gilt, also kann jeder Kandidat weg, der beide Enden sieht. Die Verbindungen können Symbole in einem Feld oder über Felder hinweg verbinden.',
  'help.forcing-chain':
    'Nehmen Sie ein Feld (oder ein Symbol in einer Einheit) und verfolgen Sie, was jede seiner Möglichkeiten erzwingt. Führt jede Möglichkeit zur selben Platzierung oder Streichung, gilt diese, welche Möglichkeit auch richtig ist.',
  'help.forcing-net':
    'Ein Forcing-Netz verfolgt jede Folge einer Wahl, nicht nur einen Strang davon, und lässt sie zusammenwirken. Es reicht weiter als eine Kette, ist aber von Hand schwerer zu verfolgen.',
  'help.guess':
    'Manche Gitter brauchen Techniken jenseits dieser Liste oder Ausprobieren. Der Tipp nennt dann ein Feld und den Wert, den es in der Lösung hat.',
};
