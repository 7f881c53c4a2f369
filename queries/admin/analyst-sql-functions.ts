// Which functions analysts' SQL may call: an allowlist, generous for analysis (aggregates, window
// functions, arithmetic, comparison, dates, strings, arrays, maps, JSON, hashes, conditionals) and
// nothing that reads files or the network, tells about the host, sleeps, throws on purpose or
// reads dictionaries. Names are as EXPLAIN AST prints them: operators are functions too
// (`a + b` is `plus`, `x IN (...)` is `in`, `CASE` is `multiIf`).

const operators = `and or not xor equals notEquals less greater lessOrEquals greaterOrEquals plus minus multiply
  divide intDiv intDivOrZero modulo moduloOrZero positiveModulo negate tuple array arrayElement tupleElement
  lambda in notIn nullIn notNullIn like notLike ilike notILike isNull isNotNull isNotDistinctFrom if multiIf
  caseWithExpression CAST _CAST accurateCast accurateCastOrNull accurateCastOrDefault coalesce ifNull nullIf
  assumeNotNull toNullable map concat exists grouping`;

const scalars = `abs round roundBankers roundDown roundToExp2 floor ceil ceiling trunc truncate sqrt cbrt exp exp2 exp10
  log ln log2 log10 log1p pow power sign greatest least e pi sin cos tan asin acos atan atan2 sinh cosh tanh
  hypot degrees radians gcd lcm max2 min2 bitAnd bitOr bitXor bitNot bitShiftLeft bitShiftRight bitCount
  bitTest isFinite isInfinite isNaN ifNotFinite intExp2 intExp10 erf erfc lgamma tgamma widthBucket
  length empty notEmpty lower upper lowerUTF8 upperUTF8 trim trimLeft trimRight trimBoth ltrim rtrim
  concatWithSeparator concatAssumeInjective substring substr mid substringUTF8 left right leftUTF8 rightUTF8
  leftPad rightPad leftPadUTF8 rightPadUTF8 lpad rpad reverse reverseUTF8 repeat space format splitByChar
  splitByString splitByRegexp splitByWhitespace splitByNonAlpha alphaTokens ngrams tokens position locate
  positionCaseInsensitive positionUTF8 positionCaseInsensitiveUTF8 countSubstrings countMatches match extract
  extractAll extractAllGroups extractGroups regexpExtract replace replaceAll replaceOne replaceRegexpAll
  replaceRegexpOne regexpQuoteMeta base64Encode base64Decode tryBase64Decode hex unhex bin unbin lengthUTF8
  char_length character_length octet_length startsWith endsWith startsWithUTF8 endsWithUTF8 translate
  translateUTF8 initcap initcapUTF8 soundex normalizeUTF8NFC normalizeUTF8NFD normalizeUTF8NFKC
  normalizeUTF8NFKD toValidUTF8 stringJaccardIndex editDistance levenshteinDistance damerauLevenshteinDistance
  jaroSimilarity jaroWinklerSimilarity ngramDistance ngramSearch has hasAll hasAny hasSubstr hasToken
  hasTokenOrNull hasSubsequence indexOf countEqual range emptyArrayUInt8 emptyArrayString emptyArrayInt32
  untuple tupleNames mapKeys mapValues mapContains mapFromArrays mapFilter mapApply mapUpdate mapAdd
  mapSubtract now now64 today yesterday timeSlot timeSlots age changeYear changeMonth changeDay changeHour
  changeMinute changeSecond addDays addHours addMinutes addSeconds addMilliseconds addWeeks addMonths
  addYears addQuarters subtractDays subtractHours subtractMinutes subtractSeconds subtractMilliseconds
  subtractWeeks subtractMonths subtractYears subtractQuarters date_diff date_add date_sub date_trunc
  timestamp_diff timestampDiff timestamp_add timestamp_sub timeDiff timezoneOf timeZoneOf
  makeDate makeDate32 makeDateTime makeDateTime64 monthName YEAR MONTH DAY HOUR MINUTE SECOND QUARTER WEEK
  formatDateTime formatDateTimeInJodaSyntax parseDateTime parseDateTimeBestEffort parseDateTimeBestEffortOrNull
  parseDateTime64BestEffort parseDateTime64BestEffortOrNull parseDateTimeOrNull formatReadableSize
  formatReadableDecimalSize formatReadableQuantity formatReadableTimeDelta UTCTimestamp fromUnixTimestamp
  fromUnixTimestamp64Milli fromUnixTimestamp64Micro fromUnixTimestamp64Nano snowflakeToDateTime
  generateUUIDv4 generateUUIDv7 UUIDStringToNum UUIDNumToString cityHash64 sipHash64 sipHash128 xxHash32
  xxHash64 xxh3 murmurHash2_32 murmurHash2_64 murmurHash3_32 murmurHash3_64 murmurHash3_128 farmHash64
  intHash32 intHash64 halfMD5 MD5 SHA1 SHA224 SHA256 SHA512 rand rand32 rand64 randCanonical randUniform
  materialize ignore identity bar transform runningDifference runningDifferenceStartingWithFirstValue
  neighbor arrayJoin isValidUTF8 isZeroOrNull isConstant toTypeName defaultValueOfArgumentType
  simpleJSONExtractBool simpleJSONExtractFloat simpleJSONExtractInt simpleJSONExtractUInt simpleJSONExtractRaw
  simpleJSONExtractString simpleJSONHas visitParamExtractString visitParamExtractInt visitParamExtractRaw
  visitParamHas isValidJSON JSONHas JSONLength JSONType JSONExtract JSONExtractString JSONExtractInt
  JSONExtractUInt JSONExtractFloat JSONExtractBool JSONExtractRaw JSONExtractArrayRaw JSONExtractKeys
  JSONExtractKeysAndValues JSONExtractKeysAndValuesRaw JSONArrayLength toJSONString
  domain domainWithoutWWW topLevelDomain protocol path pathFull queryString fragment
  extractURLParameter extractURLParameters cutQueryString cutURLParameter decodeURLComponent encodeURLComponent
  IPv4NumToString IPv4StringToNum IPv6NumToString IPv6StringToNum isIPv4String isIPv6String
  row_number rank dense_rank percent_rank cume_dist ntile lag lead lagInFrame leadInFrame nth_value
  first_value last_value`;

const aggregates = `count sum avg min max any anyLast any_value anyHeavy argMin argMax uniq uniqExact uniqCombined
  uniqCombined64 uniqHLL12 uniqTheta groupArray groupArraySorted groupUniqArray groupArrayInsertAt
  groupArrayMovingSum groupArrayMovingAvg groupArraySample groupBitAnd groupBitOr groupBitXor groupConcat
  quantile quantiles quantileExact quantilesExact quantileExactLow quantileExactHigh quantileTiming
  quantilesTiming quantileTDigest quantilesTDigest quantileExactWeighted quantilesExactWeighted
  quantileDeterministic quantileBFloat16 quantileDD median medianExact medianTiming medianTDigest
  stddevPop stddevSamp varPop varSamp covarPop covarSamp corr topK topKWeighted sumWithOverflow sumKahan
  sumMap minMap maxMap avgWeighted entropy skewPop skewSamp kurtPop kurtSamp simpleLinearRegression
  histogram retention windowFunnel sequenceMatch sequenceCount singleValueOrNull boundingRatio rankCorr
  mannWhitneyUTest studentTTest welchTTest deltaSum deltaSumTimestamp exponentialMovingAverage
  intervalLengthSum maxIntersections maxIntersectionsPosition sparkbar uniqUpTo countDistinct
  stddevPopStable stddevSampStable varPopStable varSampStable`;

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));
const allowedNames = new Set([...words(operators), ...words(scalars)]);
const aggregateNames = words(aggregates);
// Aggregate combinators: sumIf, uniqExactIf, avgOrNull, countDistinctIf, groupArrayArray...
const combinator = /(If|Array|Distinct|OrNull|OrDefault|State|Merge|MergeState|ForEach|Map|Resample|SimpleState|ArgMin|ArgMax)$/;
// Families whose every member is a pure conversion or date, array or tuple computation.
const families = /^(to[A-Z0-9]|toStartOf|array[A-Z]|tuple[A-Z]|dateDiff|dateAdd|dateSub|dateTrunc|dateName|fromModifiedJulianDay|toModifiedJulianDay|toInterval|reinterpretAs|multiSearch|multiMatch|multiFuzzyMatch)/;
const hostDisclosing = /^(file|url|hostName|hostname|fqdn|FQDN|currentUser|user|currentDatabase|database|currentSchemas|currentProfiles|currentRoles|enabledRoles|defaultRoles|getSetting|getSettingOrDefault|getServerPort|getServerSetting|getMergeTreeSetting|tcpPort|uptime|version|buildId|revision|serverUUID|serverTimezone|serverTimeZone|timezone|timeZone|displayName|filesystem\w*|getMacro|getOSKernelVersion|zookeeperSessionUptime|shardNum|shardCount|queryID|initialQueryID|initialQueryStartTime|connectionId|connection_id|getClientHTTPHeader|showCertificate|hasColumnInTable|addressToLine\w*|addressToSymbol|demangle|getScalar|__getScalar|globalVariable)$/;
const reasons: [RegExp, string][] = [
  [/^(dictGet\w*|dictHas|dictIsIn|dictGetHierarchy|dictGetChildren|dictGetDescendants|joinGet\w*)$/, 'dictionaries and join tables are not for analysts'],
  [/^(sleep|sleepEachRow|throwIf|trap)$/, 'it only stalls or fails the query'],
  [/^global\w*$/, 'GLOBAL IN needs a cluster; write IN'],
  [hostDisclosing, 'it reads files or tells about the server, not the warehouse'],
];

/** Why a function may not be called, or null when it may. */
export function functionRefusal(name: string): string | null {
  if (allowedNames.has(name) || families.test(name) || isAggregate(name)) return null;
  const reason = reasons.find(([pattern]) => pattern.test(name))?.[1];
  return `Function ${name} is not allowed${reason ? `: ${reason}` : ' (not on the analysts\' list: docs/warehouse.md)'}`;
}

function isAggregate(name: string): boolean {
  let base = name;
  for (let k = 0; k < 4; k++) {
    if (aggregateNames.has(base)) return true;
    const stripped = base.replace(combinator, '');
    if (stripped === base || stripped === '') return false;
    base = stripped;
  }
  return aggregateNames.has(base);
}
