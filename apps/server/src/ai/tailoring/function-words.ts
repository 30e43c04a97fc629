/**
 * Words that carry grammar, not topic, in the languages writers most often bring (English, Spanish,
 * French, German, Portuguese, Italian, Russian): a hashtag that starts or ends on one ("#UnserNeuer",
 * "#OQue") was cut from a sentence, not taken from a key phrase (docs/ai.md, Hashtags).
 */
const FUNCTION_WORDS = new Set(
  [
    // English
    'a an the this that these those my your his her its our their i you he she it we they me him us them',
    'and or but so if then than as at by for from in into of on onto to with without about over under up out off',
    'is are was were be been being am do does did have has had will would can could should may might must',
    'not no yes all any some each every very just also too more most less much many how what which who whom whose why when where',
    // Spanish, Portuguese, Italian
    'el la los las un una unos unas lo le les su sus mi mis tu tus nuestro nuestra este esta estos estas ese esa',
    'y o pero que de del al en con sin por para como más muy ya se no es son fue ser está están hay',
    'o os um uma uns umas do da dos das no na nos nas ao aos com sem pelo pela e mas é são foi há você vocês',
    'il lo gli i di della delle dei degli nel nella con per tra fra che è sono',
    // French
    'le les un une des du de la au aux ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs',
    'et ou mais donc car que qui quoi dont où en dans sur sous avec sans pour par pas ne plus est sont été être avoir nous vous ils elles je tu',
    // German
    'der die das den dem des ein eine einer eines einem einen und oder aber dass wie wo was wer mit ohne für von zu zum zur im in an am auf aus bei nach',
    'ist sind war waren sein hat haben wird werden kann können nicht kein keine ich du er sie es wir ihr unser unsere euer ihre ihr mein meine dein deine',
    // Russian
    'и в во не на с со по к ко у о об от до за из для как что это так же но а или мы вы они он она оно я ты его её их наш ваш',
  ]
    .join(' ')
    .split(' '),
);

export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word.toLowerCase());
}
