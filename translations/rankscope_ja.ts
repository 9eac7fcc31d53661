<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="ja_JP">
<context>
    <name>BaselineComparison</name>
    <message>
        <source>Cannot open the baseline %1: %2</source>
        <translation>ベースライン %1 を開けません：%2</translation>
    </message>
</context>
<context>
    <name>BundleSession</name>
    <message>
        <source>cannot read the trace windows from the cache</source>
        <translation>キャッシュからトレースのウィンドウを読み込めません</translation>
    </message>
    <message>
        <source>cannot read the rank's events from the cache</source>
        <translation>キャッシュからランクのイベントを読み込めません</translation>
    </message>
    <message>
        <source>The cache was damaged; rebuilding it from the bundle</source>
        <translation>キャッシュが破損しています。バンドルから再構築しています</translation>
    </message>
</context>
<context>
    <name>CollectiveCellStyle</name>
    <message>
        <source>no entry</source>
        <translation>エントリなし</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>state unknown</source>
        <translation>状態不明</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>スケジュール済み</translation>
    </message>
    <message>
        <source>started</source>
        <translation>開始済み</translation>
    </message>
    <message>
        <source>no record</source>
        <translation>記録なし</translation>
    </message>
    <message>
        <source>missing (behind)</source>
        <translation>欠落（遅れ）</translation>
    </message>
    <message>
        <source>mismatched</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>The rank has no entry at this sequence number (before its first recorded entry, or beyond every member's progress).</source>
        <translation>このランクはこのシーケンス番号にエントリを持ちません（最初の記録より前、またはどのメンバーの進捗よりも先）。</translation>
    </message>
    <message>
        <source>The rank completed this collective.</source>
        <translation>このランクはこの集合通信を完了しました。</translation>
    </message>
    <message>
        <source>The rank recorded this collective but its source does not say its state.</source>
        <translation>このランクはこの集合通信を記録しましたが、ソースは状態を示していません。</translation>
    </message>
    <message>
        <source>The rank enqueued this collective; it was not seen starting.</source>
        <translation>このランクはこの集合通信をキューに入れましたが、開始は確認されていません。</translation>
    </message>
    <message>
        <source>The collective started on the rank's GPU and was not seen completing.</source>
        <translation>この集合通信はランクの GPU で開始しましたが、完了は確認されていません。</translation>
    </message>
    <message>
        <source>A member of the group that left no record at all (no dump, no log line): often the rank that hung.</source>
        <translation>何の記録も残さなかったグループのメンバー（ダンプなし、ログ行なし）：多くの場合ハングしたランクです。</translation>
    </message>
    <message>
        <source>The rank never reached this sequence number while other members of the group are in it: it is behind.</source>
        <translation>グループの他のメンバーがこのシーケンス番号にいるのに、このランクは到達していません：遅れています。</translation>
    </message>
    <message>
        <source>The rank runs a different op, sizes or dtypes than the other members at this sequence number.</source>
        <translation>このシーケンス番号で、このランクは他のメンバーと異なる演算、サイズ、データ型を実行しています。</translation>
    </message>
</context>
<context>
    <name>CollectiveResults</name>
    <message>
        <source>Reading the collectives</source>
        <translation>集合通信を読み込み中</translation>
    </message>
    <message>
        <source>Analysing the collectives</source>
        <translation>集合通信を解析中</translation>
    </message>
    <message>
        <source>Lining up the sequences</source>
        <translation>シーケンスを揃えています</translation>
    </message>
    <message>
        <source>Collectives ready</source>
        <translation>集合通信の準備完了</translation>
    </message>
</context>
<context>
    <name>CollectiveStripPainter</name>
    <message>
        <source>Up to %1 ranks per pixel row: the worst state is shown.</source>
        <translation>1 ピクセル行に最大 %1 ランク：最も悪い状態を表示します。</translation>
    </message>
    <message>
        <source>One row per rank.</source>
        <translation>ランクごとに 1 行。</translation>
    </message>
    <message>
        <source>Marked: %1, the first sequence where the members disagree.</source>
        <translation>マーク：%1、メンバーの食い違いが最初に現れるシーケンス。</translation>
    </message>
    <message>
        <source>Marked: %1, the furthest sequence any member reached.</source>
        <translation>マーク：%1、いずれかのメンバーが到達した最も先のシーケンス。</translation>
    </message>
    <message>
        <source>The ranks the findings name are on top, then every member by how far it got.</source>
        <translation>所見が挙げたランクを上に、続いて各メンバーを進捗順に並べます。</translation>
    </message>
    <message>
        <source>This group has no entries to line up.</source>
        <translation>このグループには揃えるエントリがありません。</translation>
    </message>
    <message>
        <source>No collective records.</source>
        <translation>集合通信の記録がありません。</translation>
    </message>
    <message>
        <source>Zoomed in: the wheel zooms the sequences, Ctrl+wheel the ranks, Home shows everything.</source>
        <translation>拡大表示中: ホイールでシーケンス、Ctrl+ホイールでランクをズーム、Home で全体を表示。</translation>
    </message>
</context>
<context>
    <name>CollectiveText</name>
    <message>
        <source>behind</source>
        <translation>遅れ</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>no dump</source>
        <translation>ダンプなし</translation>
    </message>
    <message>
        <source>state unknown</source>
        <translation>状態不明</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>スケジュール済み</translation>
    </message>
    <message>
        <source>started</source>
        <translation>開始済み</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>Flight Recorder dump</source>
        <translation>Flight Recorder ダンプ</translation>
    </message>
    <message>
        <source>NCCL watchdog timeout</source>
        <translation>NCCL ウォッチドッグのタイムアウト</translation>
    </message>
    <message>
        <source>NCCL progress line</source>
        <translation>NCCL 進捗行</translation>
    </message>
    <message>
        <source>desync report</source>
        <translation>desync レポート</translation>
    </message>
    <message>
        <source>Flight Recorder analyser</source>
        <translation>Flight Recorder アナライザー</translation>
    </message>
    <message>
        <source>Horovod stall inspector</source>
        <translation>Horovod ストールインスペクター</translation>
    </message>
    <message>
        <source>NCCL RAS report</source>
        <translation>NCCL RAS レポート</translation>
    </message>
    <message>
        <source>profiler trace</source>
        <translation>プロファイラートレース</translation>
    </message>
    <message>
        <source>pg %1</source>
        <translation>pg %1</translation>
    </message>
    <message>
        <source>pg %1 (%2)</source>
        <translation>pg %1（%2）</translation>
    </message>
    <message>
        <source>most ranks blocked here</source>
        <translation>大半のランクがここでブロック</translation>
    </message>
    <message>
        <source>p2p #%1</source>
        <translation>p2p #%1</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>記録なし</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1、%2 行目</translation>
    </message>
    <message>
        <source>%1, byte %2</source>
        <translation>%1、バイト %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source> (rank %1 in the group)</source>
        <translation>（グループ内ランク %1）</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>グループ</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>retired (timed out)</source>
        <translation>リタイア（タイムアウト）</translation>
    </message>
    <message>
        <source>Profiling name</source>
        <translation>プロファイリング名</translation>
    </message>
    <message>
        <source>Peer</source>
        <translation>ピア</translation>
    </message>
    <message>
        <source>rank %1 in the group</source>
        <translation>グループ内ランク %1</translation>
    </message>
    <message>
        <source>%1 elements</source>
        <translation>%1 要素</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>入力</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>出力</translation>
    </message>
    <message>
        <source>Enqueued</source>
        <translation>キュー投入</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Ran for</source>
        <translation>実行時間</translation>
    </message>
    <message>
        <source>%1 ms before timing out</source>
        <translation>タイムアウトまで %1 ms</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>スレッド</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>証拠</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <source>No call site: the record has no frames.</source>
        <translation>呼び出し位置なし：記録にフレームがありません。</translation>
    </message>
    <message>
        <source>Call site</source>
        <translation>呼び出し位置</translation>
    </message>
    <message>
        <source>Rank %1 reached %2.</source>
        <translation>ランク %1 は %2 に到達しました。</translation>
    </message>
    <message>
        <source>Rank %1 left no record of this group.</source>
        <translation>ランク %1 はこのグループの記録を残していません。</translation>
    </message>
    <message>
        <source>Mismatched: other members run a different op, sizes or dtypes at %1.</source>
        <translation>不一致：他のメンバーは %1 で異なる演算、サイズ、データ型を実行しています。</translation>
    </message>
    <message>
        <source>Mismatched: most members run %1 at %2.</source>
        <translation>不一致：大半のメンバーは %2 で %1 を実行しています。</translation>
    </message>
    <message>
        <source>Rank %1 left no record of %2 (no dump, no log line).</source>
        <translation>ランク %1 は %2 の記録を残していません（ダンプなし、ログ行なし）。</translation>
    </message>
    <message>
        <source>Rank %1 never reached %2, which other members of the group are in.</source>
        <translation>ランク %1 は、グループの他のメンバーがいる %2 に到達していません。</translation>
    </message>
    <message>
        <source>Rank %1 never reached %2 %3, which other members of the group are in.</source>
        <translation>ランク %1 は、グループの他のメンバーがいる %2 %3 に到達していません。</translation>
    </message>
    <message>
        <source>Its last entry is %1 %2, %3.</source>
        <translation>最後のエントリは %1 %2、%3 です。</translation>
    </message>
    <message>
        <source>Rank %1 completed %2 (said by its progress status; the entry is older than its dump keeps).</source>
        <translation>ランク %1 は %2 を完了しました（進捗状態による。エントリはダンプが保持する範囲より古い）。</translation>
    </message>
    <message>
        <source>Rank %1 has no entry at %2.</source>
        <translation>ランク %1 は %2 にエントリがありません。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank</source>
        <translation><numerusform>%n ランク</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation><numerusform>%n ランク</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more frame</source>
        <translation><numerusform>… ほか %n フレーム</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more frames</source>
        <translation><numerusform>… ほか %n フレーム</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>This pixel row holds %n ranks: %1; the worst state is shown.</source>
        <translation><numerusform>このピクセル行には %n ランクあります：%1。最も悪い状態を表示しています。</numerusform></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Gloo monitored barrier</source>
        <translation>Gloo monitored barrier</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>What other tools and logs say about it</source>
        <translation>他のツールやログの見解</translation>
    </message>
    <message>
        <source>What the tool's report says (no dump or log line shows it first-hand)</source>
        <translation>ツールのレポートの内容（ダンプやログ行には直接示すものがありません）</translation>
    </message>
</context>
<context>
    <name>rankscope::CoverageText</name>
    <message>
        <source>stacks</source>
        <translation>スタック</translation>
    </message>
    <message>
        <source>traces</source>
        <translation>トレース</translation>
    </message>
    <message>
        <source>logs</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>flight recorder dumps</source>
        <translation>Flight Recorder ダンプ</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>データなし</translation>
    </message>
    <message>
        <source>job.json</source>
        <translation>job.json</translation>
    </message>
    <message>
        <source>distributedInfo.world_size in the traces</source>
        <translation>トレースの distributedInfo.world_size</translation>
    </message>
    <message>
        <source>stated in the logs</source>
        <translation>ログに記載</translation>
    </message>
    <message>
        <source>highest rank seen + 1</source>
        <translation>確認できた最大ランク + 1</translation>
    </message>
    <message>
        <source>from file paths</source>
        <translation>ファイルパスから</translation>
    </message>
    <message>
        <source>one file, taken as rank 0</source>
        <translation>単一ファイル、ランク 0 とみなす</translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>ランク %1：%2</translation>
    </message>
    <message>
        <source>ranks %1: %2</source>
        <translation>ランク %1：%2</translation>
    </message>
    <message>
        <source>no stacks in this bundle</source>
        <translation>このバンドルにスタックなし</translation>
    </message>
    <message>
        <source>no traces in this bundle</source>
        <translation>このバンドルにトレースなし</translation>
    </message>
    <message>
        <source>no logs in this bundle</source>
        <translation>このバンドルにログなし</translation>
    </message>
    <message>
        <source>no stacks or traces in this bundle</source>
        <translation>このバンドルにスタックとトレースなし</translation>
    </message>
    <message>
        <source>no stacks or logs in this bundle</source>
        <translation>このバンドルにスタックとログなし</translation>
    </message>
    <message>
        <source>no traces or logs in this bundle</source>
        <translation>このバンドルにトレースとログなし</translation>
    </message>
    <message>
        <source>no stacks, traces or logs in this bundle</source>
        <translation>このバンドルにスタック、トレース、ログなし</translation>
    </message>
    <message>
        <source>world size %1</source>
        <translation>ワールドサイズ %1</translation>
    </message>
    <message>
        <source>world size %1 (%2)</source>
        <translation>ワールドサイズ %1（%2）</translation>
    </message>
</context>
<context>
    <name>DiffText</name>
    <message>
        <source>new</source>
        <translation>新規</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>more</source>
        <translation>増加</translation>
    </message>
    <message>
        <source>less</source>
        <translation>減少</translation>
    </message>
    <message>
        <source>same</source>
        <translation>変化なし</translation>
    </message>
    <message>
        <source>The baseline never logged this template.</source>
        <translation>ベースラインはこのテンプレートを一度も記録していません。</translation>
    </message>
    <message>
        <source>The baseline logged this template; the target never does.</source>
        <translation>ベースラインはこのテンプレートを記録していましたが、ターゲットでは一度も記録されていません。</translation>
    </message>
    <message>
        <source>Significantly more frequent in the target, per rank per iteration.</source>
        <translation>ランクあたり・イテレーションあたりで、ターゲットのほうが有意に多く出現します。</translation>
    </message>
    <message>
        <source>Significantly less frequent in the target, per rank per iteration.</source>
        <translation>ランクあたり・イテレーションあたりで、ターゲットのほうが有意に少なく出現します。</translation>
    </message>
    <message>
        <source>Both runs log it at a comparable rate.</source>
        <translation>両方の実行でほぼ同じ頻度で記録されています。</translation>
    </message>
    <message>
        <source>slower</source>
        <translation>低速化</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>高速化</translation>
    </message>
    <message>
        <source>/rank/iter</source>
        <translation>/ランク/イテレーション</translation>
    </message>
    <message>
        <source>/rank/h</source>
        <translation>/ランク/時間</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>/iter</source>
        <translation>/イテレーション</translation>
    </message>
    <message>
        <source>/s</source>
        <translation>/秒</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <source>Significantly more frequent in the target, per rank-hour.</source>
        <translation>ランクあたり・1 時間あたりで、ターゲットのほうが有意に多く出現します。</translation>
    </message>
    <message>
        <source>Significantly less frequent in the target, per rank-hour.</source>
        <translation>ランクあたり・1 時間あたりで、ターゲットのほうが有意に少なく出現します。</translation>
    </message>
    <message>
        <source>&lt; 0.0001</source>
        <translation>&lt; 0.0001</translation>
    </message>
</context>
<context>
    <name>DurationText</name>
    <message>
        <source>n/a</source>
        <translation>該当なし</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>FlameGraphPainter</name>
    <message>
        <source>No stacks loaded.</source>
        <translation>スタックが読み込まれていません。</translation>
    </message>
    <message>
        <source>No stack samples for the chosen threads and process type.</source>
        <translation>選択したスレッドとプロセス種別のスタックサンプルがありません。</translation>
    </message>
    <message numerus="yes">
        <source>search: %n frame</source>
        <translation><numerusform>検索：%n フレーム</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>search: %n frames</source>
        <translation><numerusform>検索：%n フレーム</numerusform></translation>
    </message>
    <message>
        <source>on ranks %1</source>
        <translation>ランク %1 上</translation>
    </message>
    <message>
        <source>rank %1 highlighted</source>
        <translation>ランク %1 を強調表示中</translation>
    </message>
    <message>
        <source>narrower than a pixel</source>
        <translation>1 ピクセルより狭い</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>混在</translation>
    </message>
    <message>
        <source>same stack class:</source>
        <translation>同じスタックの同値クラス：</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>全 %1</translation>
    </message>
    <message>
        <source>1 rank</source>
        <translation>1 ランク</translation>
    </message>
    <message>
        <source>ranks that have the frame:</source>
        <translation>フレームを持つランク：</translation>
    </message>
    <message>
        <source>gained ranks</source>
        <translation>ランク増加</translation>
    </message>
    <message>
        <source>lost ranks</source>
        <translation>ランク減少</translation>
    </message>
    <message>
        <source>%1 vs %2:</source>
        <translation>%2 に対する %1：</translation>
    </message>
    <message>
        <source>ranks %1 highlighted</source>
        <translation>ランク %1 を強調表示中</translation>
    </message>
    <message>
        <source>widened to stay readable</source>
        <translation>読めるよう拡大</translation>
    </message>
</context>
<context>
    <name>FlameGraphText</name>
    <message>
        <source>the only rank</source>
        <translation>唯一のランク</translation>
    </message>
    <message numerus="yes">
        <source>all %n ranks</source>
        <translation><numerusform>全 %n ランク</numerusform></translation>
    </message>
    <message>
        <source>has: %1 | missing: %2</source>
        <translation>あり：%1 | 欠落：%2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation><numerusform>%n ランク：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation><numerusform>%n ランク：%1</numerusform></translation>
    </message>
    <message>
        <source>has</source>
        <translation>あり</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>欠落</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>データなし</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>サンプル</translation>
    </message>
    <message>
        <source>self samples</source>
        <translation>自身のサンプル</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n frame narrower than a pixel&lt;/b&gt;</source>
        <translation><numerusform>&lt;b&gt;1 ピクセルより狭いフレーム %n 個&lt;/b&gt;</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n frames narrower than a pixel&lt;/b&gt;</source>
        <translation><numerusform>&lt;b&gt;1 ピクセルより狭いフレーム %n 個&lt;/b&gt;</numerusform></translation>
    </message>
    <message>
        <source>widest: %1 (%2)</source>
        <translation>最も広い：%1（%2）</translation>
    </message>
    <message>
        <source>Double-click to zoom in.</source>
        <translation>ダブルクリックでズームイン。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank with data</source>
        <translation><numerusform>データのあるランク %n</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks with data</source>
        <translation><numerusform>データのあるランク %n</numerusform></translation>
    </message>
    <message>
        <source>no data: %1</source>
        <translation>データなし：%1</translation>
    </message>
    <message>
        <source>width = ranks</source>
        <translation>幅 = ランク数</translation>
    </message>
    <message>
        <source>width = samples</source>
        <translation>幅 = サンプル数</translation>
    </message>
    <message>
        <source>threads: %1</source>
        <translation>スレッド：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n frame</source>
        <translation><numerusform>%n フレーム</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n frames</source>
        <translation><numerusform>%n フレーム</numerusform></translation>
    </message>
    <message>
        <source>(the target gained ranks here)</source>
        <translation>（ターゲットはここでランクが増加）</translation>
    </message>
    <message>
        <source>(the target lost ranks here)</source>
        <translation>（ターゲットはここでランクが減少）</translation>
    </message>
    <message>
        <source>%1 of %2 ranks (%3)</source>
        <translation>%2 ランク中 %1（%3）</translation>
    </message>
    <message>
        <source>change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>±0 points</source>
        <translation>±0 ポイント</translation>
    </message>
    <message>
        <source>+%1 points</source>
        <translation>+%1 ポイント</translation>
    </message>
    <message>
        <source>−%1 points</source>
        <translation>−%1 ポイント</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>target</source>
        <translation>ターゲット</translation>
    </message>
    <message>
        <source>only in %1 (gone from %2)</source>
        <translation>%1 のみ（%2 では消失）</translation>
    </message>
    <message>
        <source>only in %1 (new)</source>
        <translation>%1 のみ（新規）</translation>
    </message>
    <message>
        <source>only in %1 (gone)</source>
        <translation>%1 のみ（消失）</translation>
    </message>
    <message>
        <source>%1 of %2 ranks</source>
        <translation>%1/%2 ランク</translation>
    </message>
    <message>
        <source>+%1 pts</source>
        <translation>+%1 pt</translation>
    </message>
    <message>
        <source>−%1 pts</source>
        <translation>−%1 pt</translation>
    </message>
    <message>
        <source>%1: %2 of %3 ranks (%4); %5: %6 of %7 (%8); %9</source>
        <translation>%1：%3 ランク中 %2（%4）、%5：%7 中 %6（%8）、%9</translation>
    </message>
    <message>
        <source>widths: %1, %2 ranks  ·  colour: share of each run's ranks with data; full = %3 pts</source>
        <translation>幅：%1、%2 ランク  ·  色：各実行のデータのあるランクに占める割合の差。最も濃い色 = %3 ポイント</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
</context>
<context>
    <name>FrameDetailsPanel</name>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Ranks through this frame (double-click to highlight):</source>
        <translation>このフレームを通るランク（ダブルクリックで強調表示）：</translation>
    </message>
    <message>
        <source>Click a frame in the flame graph to see which ranks have it.</source>
        <translation>フレームグラフのフレームをクリックすると、それを持つランクが表示されます。</translation>
    </message>
    <message>
        <source>has: %1</source>
        <translation>あり：%1</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <translation>欠落：%1</translation>
    </message>
    <message>
        <source>no data: %1</source>
        <translation>データなし：%1</translation>
    </message>
    <message>
        <source>samples: %1 (%2 ending here)</source>
        <translation>サンプル：%1（ここで終わるもの %2）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>rank %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>HeadlessExport</name>
    <message>
        <source>no bundle given (name one, or use --demo)</source>
        <translation>バンドルが指定されていません（指定するか、--demo を使ってください）</translation>
    </message>
    <message>
        <source>--out must name a .png or .svg file</source>
        <translation>--out には .png または .svg ファイルを指定してください</translation>
    </message>
    <message>
        <source>unknown frame identity "%1" (function, file or line)</source>
        <translation>不明なフレームの同一性「%1」（function、file、line のいずれか）</translation>
    </message>
    <message>
        <source>the bundle has no profiler traces (traces/ folder) to draw a heatmap of</source>
        <translation>バンドルにヒートマップを描くためのプロファイラーのトレース（traces/ フォルダー）がありません</translation>
    </message>
    <message>
        <source>unknown metric "%1"</source>
        <translation>不明な指標「%1」</translation>
    </message>
    <message>
        <source>Heatmap: %1 by %2</source>
        <translation>ヒートマップ：%1（%2別）</translation>
    </message>
    <message>
        <source>the diff view needs a baseline: --baseline BUNDLE, or "baseline" in the bundle's job.json</source>
        <translation>差分ビューにはベースラインが必要です：--baseline BUNDLE を指定するか、バンドルの job.json に "baseline" を書いてください</translation>
    </message>
    <message>
        <source>the bundle has no profiler traces (traces/ folder) to draw a heatmap of, and its logs cannot tell stragglers: %1</source>
        <translation>バンドルにはヒートマップを描くプロファイラーのトレース（traces/ フォルダー）がなく、ログからもストラグラーは判断できません：%1</translation>
    </message>
    <message>
        <source>the bundle has no collective records (Flight Recorder dumps, NCCL watchdog or desync lines, trace collectives) to draw</source>
        <translation>バンドルに描画できる集合通信の記録がありません（Flight Recorder ダンプ、NCCL ウォッチドッグや desync の行、トレースの集合通信）</translation>
    </message>
    <message>
        <source>unknown view "%1" (available: flamegraph, heatmap, diff, collectives)</source>
        <translation>不明なビュー "%1"（使用可能：flamegraph、heatmap、diff、collectives）</translation>
    </message>
</context>
<context>
    <name>HeatmapText</name>
    <message>
        <source>no data</source>
        <translation>データなし</translation>
    </message>
    <message>
        <source>slower than peers</source>
        <translation>ピアより遅い</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>判定不能</translation>
    </message>
    <message>
        <source>stuck in stack samples</source>
        <translation>スタックサンプルで停止</translation>
    </message>
    <message>
        <source>data %1–%2 ms</source>
        <translation>データ %1–%2 ms</translation>
    </message>
    <message>
        <source>No trace windows to show.</source>
        <translation>表示するトレースのウィンドウがありません。</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>ステップ時間</translation>
    </message>
    <message>
        <source>Compute (kernel busy)</source>
        <translation>計算（カーネル稼働）</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>露出した通信</translation>
    </message>
    <message>
        <source>Collective wait</source>
        <translation>集団通信の待ち</translation>
    </message>
    <message>
        <source>Communication transfer</source>
        <translation>通信転送</translation>
    </message>
    <message>
        <source>GPU idle</source>
        <translation>GPU アイドル</translation>
    </message>
    <message>
        <source>CPU op time</source>
        <translation>CPU オペレーター時間</translation>
    </message>
    <message>
        <source>Kernel launch gaps</source>
        <translation>カーネル起動の隙間</translation>
    </message>
    <message>
        <source>Unknown metric</source>
        <translation>不明な指標</translation>
    </message>
    <message>
        <source>Length of the iteration (ProfilerStep), or of the time bin while an iteration ran.</source>
        <translation>イテレーション（ProfilerStep）の長さ、またはイテレーション実行中のタイムビンの長さ。</translation>
    </message>
    <message>
        <source>Time at least one compute kernel, memcpy or memset ran on the rank's GPU.</source>
        <translation>ランクの GPU で計算カーネル、memcpy、memset のいずれかが 1 つ以上動いていた時間。</translation>
    </message>
    <message>
        <source>Time at least one communication kernel (NCCL, RCCL) ran.</source>
        <translation>通信カーネル（NCCL、RCCL）が 1 つ以上動いていた時間。</translation>
    </message>
    <message>
        <source>Communication not hidden behind compute.</source>
        <translation>計算の裏に隠れなかった通信。</translation>
    </message>
    <message>
        <source>Time inside collectives before the last peer arrived: high on ranks that wait for a late one.</source>
        <translation>最後のピアが到着するまで集団通信の中にいた時間：遅れたランクを待つランクで高くなります。</translation>
    </message>
    <message>
        <source>Collective time once every peer had arrived: slow links show here.</source>
        <translation>すべてのピアが到着した後の集団通信の時間：遅いリンクはここに表れます。</translation>
    </message>
    <message>
        <source>Time no GPU work ran.</source>
        <translation>GPU の処理が何も動いていなかった時間。</translation>
    </message>
    <message>
        <source>Time inside CPU operators.</source>
        <translation>CPU オペレーターの中にいた時間。</translation>
    </message>
    <message>
        <source>GPU idle time spent waiting for the host to launch the next kernel.</source>
        <translation>ホストが次のカーネルを起動するのを待っていた GPU のアイドル時間。</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>iteration</source>
        <translation>イテレーション</translation>
    </message>
    <message>
        <source>time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>role</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>%1 group</source>
        <translation>%1 グループ</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>unknown node</source>
        <translation>不明なノード</translation>
    </message>
    <message>
        <source>unknown role</source>
        <translation>不明なロール</translation>
    </message>
    <message>
        <source>no %1 group</source>
        <translation>%1 グループなし</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>イテレーション %1</translation>
    </message>
    <message>
        <source>time bin %1</source>
        <translation>タイムビン %1</translation>
    </message>
    <message>
        <source>time %1 s – %2 s (bin %3)</source>
        <translation>時間 %1 秒 – %2 秒（ビン %3）</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n rank</source>
        <translation><numerusform>%n ランク</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation><numerusform>%n ランク</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n iteration</source>
        <translation><numerusform>%n イテレーション</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n iterations</source>
        <translation><numerusform>%n イテレーション</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n time bin</source>
        <translation><numerusform>%n タイムビン</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n time bins</source>
        <translation><numerusform>%n タイムビン</numerusform></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1（ms）</translation>
    </message>
    <message>
        <source>%1 · %2 of the cells in each pixel</source>
        <translation>%1 · 各ピクセル内のセルの%2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>stuck: its stack samples do not change</source>
        <translation>停止：スタックサンプルが変化しません</translation>
    </message>
    <message>
        <source>%1: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>%1：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>peer median: %1</source>
        <translation>ピアの中央値：%1</translation>
    </message>
    <message>
        <source>deviation: %1%2%</source>
        <translation>偏差：%1%2%</translation>
    </message>
    <message>
        <source>outlier: slower than its peers</source>
        <translation>外れ値：ピアより遅い</translation>
    </message>
    <message>
        <source>much lower than its peers</source>
        <translation>ピアよりかなり低い</translation>
    </message>
    <message>
        <source>inconclusive: its group had no healthy majority in this window</source>
        <translation>判定不能：このウィンドウではグループに健全な多数派がありません</translation>
    </message>
    <message>
        <source>This pixel holds %1 × %2 cells (ranks %3…%4, %5 %6–%7); shown: the %8, described here: the highest cell.</source>
        <translation>このピクセルには %1 × %2 個のセルがあります（ランク %3…%4、%5 %6–%7）。表示：%8、ここでの説明：最も高いセル。</translation>
    </message>
    <message>
        <source>data %1–%2 events</source>
        <translation>データ %1–%2 イベント</translation>
    </message>
    <message>
        <source>Log warnings and errors</source>
        <translation>ログの警告とエラー</translation>
    </message>
    <message>
        <source>Warning, error and fatal log events of the rank in the window.</source>
        <translation>ウィンドウ内でそのランクが出した警告・エラー・致命的なログイベント。</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation><numerusform>%n イベント</numerusform></translation>
    </message>
    <message>
        <source>%1 (events)</source>
        <translation>%1（イベント数）</translation>
    </message>
    <message>
        <source>blue: lower in the target · red: higher in the target</source>
        <translation>青：ターゲットで低い · 赤：ターゲットで高い</translation>
    </message>
    <message>
        <source>missing in one run</source>
        <translation>一方の実行で欠落</translation>
    </message>
    <message>
        <source>changes from %1 to %2 events</source>
        <translation>変化 %1～%2 イベント</translation>
    </message>
    <message>
        <source>changes from %1 to %2 ms</source>
        <translation>変化 %1～%2 ms</translation>
    </message>
    <message>
        <source>%1: target − baseline (events)</source>
        <translation>%1：ターゲット − ベースライン（イベント数）</translation>
    </message>
    <message>
        <source>%1: target − baseline (ms)</source>
        <translation>%1：ターゲット − ベースライン（ms）</translation>
    </message>
    <message>
        <source>%1 · mean of the cells in each pixel</source>
        <translation>%1 · 各ピクセル内のセルの平均</translation>
    </message>
    <message>
        <source>%1 · largest change (%2) of the cells in each pixel</source>
        <translation>%1 · 各ピクセル内のセルの最大の変化（%2）</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>該当なし</translation>
    </message>
    <message>
        <source>%1, target − baseline: &lt;b&gt;no value&lt;/b&gt; (this rank or window is missing in one of the runs)</source>
        <translation>%1、ターゲット − ベースライン：&lt;b&gt;値なし&lt;/b&gt;（このランクまたはウィンドウが一方の実行にありません）</translation>
    </message>
    <message>
        <source>%1, target − baseline: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>%1、ターゲット − ベースライン：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>This pixel holds %1 × %2 cells; described here: the largest change.</source>
        <translation>このピクセルには %1 × %2 個のセルがあります。ここでの説明：変化が最大のセル。</translation>
    </message>
    <message>
        <source>changes from %1 to %2 collectives</source>
        <translation>変化 %1〜%2 件の集団通信</translation>
    </message>
    <message>
        <source>data %1–%2 collectives</source>
        <translation>データ %1–%2 件の集団通信</translation>
    </message>
    <message>
        <source>Wait caused</source>
        <translation>待たせた時間</translation>
    </message>
    <message>
        <source>Last arrivals at collectives</source>
        <translation>集団通信への最後の到着</translation>
    </message>
    <message>
        <source>At the collectives this rank arrived at clearly last, how long the other members waited for it (their mean): high on the rank the others wait for, the cause rather than its victims.</source>
        <translation>このランクが明らかに最後に到着した集団通信で、他のメンバーがこのランクを待った時間（平均）。他を待たせるランクで高くなり、被害者ではなく原因を示します。</translation>
    </message>
    <message>
        <source>Collectives this rank arrived at clearly last (by more than the clocks' uncertainty).</source>
        <translation>このランクが明らかに最後に到着した（時計の不確かさを超える差で）集団通信の数。</translation>
    </message>
    <message numerus="yes">
        <source>%n collective</source>
        <translation><numerusform>%n 件の集団通信</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n collectives</source>
        <translation><numerusform>%n 件の集団通信</numerusform></translation>
    </message>
    <message>
        <source>%1 (collectives)</source>
        <translation>%1（集団通信数）</translation>
    </message>
    <message>
        <source>%1: target − baseline (collectives)</source>
        <translation>%1：対象 − ベースライン（集団通信数）</translation>
    </message>
    <message>
        <source>whole run: last to arrive at %1 of its %2 collectives (%3%); the others waited %4 for it</source>
        <translation>実行全体：%2 件の集団通信のうち %1 件で最後に到着（%3%）。他のメンバーは合計 %4 待ちました</translation>
    </message>
    <message>
        <source>clock alignment poor (uncertainty %1): waits and arrival order of this rank are not reliable</source>
        <translation>時計の調整が不良（不確かさ %1）：このランクの待ちと到着順は信頼できません</translation>
    </message>
    <message>
        <source>clock alignment fair (uncertainty %1): small differences in arrival are not meaningful</source>
        <translation>時計の調整はまずまず（不確かさ %1）：到着のわずかな差には意味がありません</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中央値</translation>
    </message>
    <message>
        <source>cells from %1 to %2 against the median</source>
        <translation>セルは中央値に対して %1〜%2</translation>
    </message>
    <message>
        <source>%1 against the peer median</source>
        <translation>%1（ピア中央値との比較）</translation>
    </message>
    <message>
        <source>%1 collectives</source>
        <translation>%1 回の集団通信</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 件のイベント</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>white: at the peer median · blue: below it (faster) · red: above it (slower), by ratio</source>
        <translation>白：ピア中央値 · 青：下回る（速い）· 赤：上回る（遅い）、比率で</translation>
    </message>
    <message>
        <source>white: at the peer median · blue: below it · red: above it, by difference (most peers are at 0)</source>
        <translation>白：ピア中央値 · 青：下回る · 赤：上回る、差で（ほとんどのピアは 0）</translation>
    </message>
    <message>
        <source>the baseline has no iterations</source>
        <translation>ベースラインにイテレーションがありません</translation>
    </message>
    <message>
        <source>the baseline has no time bins</source>
        <translation>ベースラインに時間ビンがありません</translation>
    </message>
    <message>
        <source>the baseline has no ranks in common with this run: ranks %1 (baseline) vs %2 (this run)</source>
        <translation>ベースラインとこの実行に共通のランクがありません：%1（ベースライン）対 %2（この実行）</translation>
    </message>
    <message>
        <source>the baseline has no iterations in common with this run: %1–%2 (baseline) vs %3–%4 (this run)</source>
        <translation>ベースラインとこの実行に共通のイテレーションがありません：%1–%2（ベースライン）対 %3–%4（この実行）</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>vs peer median</source>
        <translation>ピア中央値比</translation>
    </message>
    <message>
        <source>Against the peer median for the metrics measured against other ranks (collective wait, wait caused, last arrivals); the value for the others.</source>
        <translation>他のランクとの比較で測る指標（集団通信の待ち、引き起こした待ち、最後の到着）はピア中央値と比較し、それ以外は値で表示します。</translation>
    </message>
    <message>
        <source>The metric's value, pale yellow (low) to dark red (high).</source>
        <translation>指標の値：淡い黄色（低）から濃い赤（高）。</translation>
    </message>
    <message>
        <source>Each cell against the median of its peers in the same window: white at the median, blue below, red above, equally strong for ×2 and ×0.5.</source>
        <translation>各セルを同じウィンドウのピアの中央値と比較：中央値は白、下回ると青、上回ると赤。×2 と ×0.5 は同じ強さ。</translation>
    </message>
    <message>
        <source>Round trip (straggler detector)</source>
        <translation>往復時間（straggler detector）</translation>
    </message>
    <message>
        <source>get_batch latency (straggler detector)</source>
        <translation>get_batch 遅延（straggler detector）</translation>
    </message>
    <message>
        <source>Compute (Megatron timers)</source>
        <translation>計算（Megatron タイマー）</translation>
    </message>
    <message>
        <source>Batch generator (Megatron timers)</source>
        <translation>Batch generator（Megatron タイマー）</translation>
    </message>
    <message>
        <source>Communication (Megatron timers)</source>
        <translation>通信（Megatron タイマー）</translation>
    </message>
    <message>
        <source>Per iteration, the time of the operations Megatron-LM's straggler detector times (its Rtt), as rank 0 printed it for the fastest and slowest ranks and the ranks of its Bottom/Top lists; the others have no data.</source>
        <translation>反復ごとの、Megatron-LM の straggler detector が計測する処理の時間（Rtt）。rank 0 が最速・最遅のランクと Bottom/Top 一覧のランクについて出力したもので、他のランクにはデータがありません。</translation>
    </message>
    <message>
        <source>get_batch latency from Megatron-LM's straggler detector (its DRtt), for the fastest and slowest ranks.</source>
        <translation>Megatron-LM の straggler detector による get_batch 遅延（DRtt）。最速と最遅のランクのみ。</translation>
    </message>
    <message>
        <source>Per iteration, Megatron-LM's forward-compute and backward-compute timers of the rank (printed across ranks with --timing-log-option all).</source>
        <translation>反復ごとの、そのランクの Megatron-LM の forward-compute と backward-compute タイマー（--timing-log-option all でランクごとに出力）。</translation>
    </message>
    <message>
        <source>Per iteration, Megatron-LM's batch-generator timer of the rank (data loading).</source>
        <translation>反復ごとの、そのランクの Megatron-LM の batch-generator タイマー（データ読み込み）。</translation>
    </message>
    <message>
        <source>Per iteration, Megatron-LM's timers of pipeline sends and receives and of gradient and parameter collectives: high on ranks that wait.</source>
        <translation>反復ごとの、Megatron-LM のパイプライン送受信と勾配・パラメータ集団通信のタイマー。待っているランクで高くなります。</translation>
    </message>
    <message>
        <source>PyTorch profiler trace</source>
        <translation>PyTorch profiler のトレース</translation>
    </message>
    <message>
        <source>Nsight Systems export</source>
        <translation>Nsight Systems のエクスポート</translation>
    </message>
    <message>
        <source>NCCL Inspector log</source>
        <translation>NCCL Inspector のログ</translation>
    </message>
    <message>
        <source>iteration lines of the logs</source>
        <translation>ログの反復行</translation>
    </message>
    <message>
        <source>log events</source>
        <translation>ログイベント</translation>
    </message>
    <message>
        <source>Megatron straggler detector (rank 0's report)</source>
        <translation>Megatron straggler detector（rank 0 のレポート）</translation>
    </message>
    <message>
        <source>Megatron timers across ranks</source>
        <translation>ランクごとの Megatron タイマー</translation>
    </message>
    <message>
        <source>source: %1</source>
        <translation>出典: %1</translation>
    </message>
    <message>
        <source>Communication time per GB</source>
        <translation>GB あたりの通信時間</translation>
    </message>
    <message>
        <source>Communication kernel time per GB moved on the bus (the inverse of NCCL's bus bandwidth: 2.7 ms per GB is 370 GB/s), over the collectives of known size that start in the window. It includes the wait for late peers, as NCCL's bus bandwidth does: high on ranks that wait and on slow links.</source>
        <translation>バス上で 1 GB を転送するのにかかった通信カーネル時間（NCCL のバス帯域幅の逆数: GB あたり 2.7 ms は 370 GB/s）。ウィンドウ内で始まりサイズが分かっている集団通信が対象です。NCCL のバス帯域幅と同じく遅れたピアを待つ時間を含むため、待っているランクと遅いリンクで高くなります。</translation>
    </message>
</context>
<context>
    <name>IncidentReport</name>
    <message>
        <source>%1 to %2</source>
        <translation>%1 から %2</translation>
    </message>
    <message>
        <source>iterations %1-%2</source>
        <translation>イテレーション %1-%2</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>イテレーション %1</translation>
    </message>
    <message>
        <source>cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>effect</source>
        <translation>影響</translation>
    </message>
    <message>
        <source>context</source>
        <translation>背景</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 ほか %2 件</translation>
    </message>
    <message>
        <source>Bundle</source>
        <translation>バンドル</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <source>World size</source>
        <translation>ワールドサイズ</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>%1 (%2 ranks)</source>
        <translation>%1（%2 ランク）</translation>
    </message>
    <message>
        <source>Roles</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>レイヤー</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>カバレッジ</translation>
    </message>
    <message>
        <source>Time span of the evidence</source>
        <translation>証拠の時間範囲</translation>
    </message>
    <message>
        <source>Import problems</source>
        <translation>インポートの問題</translation>
    </message>
    <message>
        <source>Incident report: %1</source>
        <translation>インシデントレポート：%1</translation>
    </message>
    <message>
        <source>Written by %1 on %2</source>
        <translation>%1 が %2 に作成</translation>
    </message>
    <message>
        <source>Culprits</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>No culprit: no layer names a rank or node.</source>
        <translation>原因なし：どのレイヤーもランクやノードを特定していません。</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>確度</translation>
    </message>
    <message>
        <source>What it does to the others:</source>
        <translation>他のランクへの影響：</translation>
    </message>
    <message>
        <source>Disagreeing layers: %1</source>
        <translation>一致しないレイヤー：%1</translation>
    </message>
    <message>
        <source>To be sure: %1</source>
        <translation>確かめるには：%1</translation>
    </message>
    <message>
        <source>What would settle it:</source>
        <translation>判断に必要なデータ：</translation>
    </message>
    <message>
        <source>First anomaly of the job (%1): %2</source>
        <translation>ジョブ最初の異常（%1）：%2</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>画像</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>No notes.</source>
        <translation>メモはありません。</translation>
    </message>
    <message>
        <source>View</source>
        <translation>ビュー</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>By</source>
        <translation>作成者</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>証拠</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>レイヤー</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>When</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>発見</translation>
    </message>
    <message>
        <source>Points at</source>
        <translation>参照先</translation>
    </message>
    <message>
        <source>What each layer says</source>
        <translation>各レイヤーの結論</translation>
    </message>
    <message>
        <source>not in this bundle</source>
        <translation>このバンドルにはありません</translation>
    </message>
    <message>
        <source>Import problems (%1)</source>
        <translation>インポートの問題（%1）</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>ほか %1 件</translation>
    </message>
    <message>
        <source>Reproduce</source>
        <translation>再現</translation>
    </message>
    <message>
        <source>the verdict is not ready yet</source>
        <translation>結論はまだ準備できていません</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 を作成できません</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 に書き込めません</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>システムの既定</translation>
    </message>
</context>
<context>
    <name>LogSeverityStyle</name>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>debug</source>
        <translation>デバッグ</translation>
    </message>
    <message>
        <source>info</source>
        <translation>情報</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>fatal</source>
        <translation>致命的</translation>
    </message>
    <message>
        <source>DEBUG</source>
        <translation>DEBUG</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>INFO</translation>
    </message>
    <message>
        <source>WARN</source>
        <translation>WARN</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>ERROR</translation>
    </message>
    <message>
        <source>FATAL</source>
        <translation>FATAL</translation>
    </message>
</context>
<context>
    <name>LogTimeText</name>
    <message>
        <source>no timestamp</source>
        <translation>タイムスタンプなし</translation>
    </message>
    <message>
        <source>%1 UTC</source>
        <translation>%1 UTC</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Merging stacks…</source>
        <translation>スタックをマージ中…</translation>
    </message>
    <message>
        <source>About rankscope</source>
        <translation>rankscope について</translation>
    </message>
    <message>
        <source>rankscope</source>
        <translation>rankscope</translation>
    </message>
    <message>
        <source>%1 - rankscope</source>
        <translation>%1 - rankscope</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近使ったバンドル(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Open Bundle Folder…</source>
        <translation>バンドルフォルダーを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Re&amp;import Bundle</source>
        <translation>バンドルを再インポート(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation>画像をエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About rankscope</source>
        <translation>rankscope について(&amp;A)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>ズームアウト(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>ズームをリセット(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find Frame</source>
        <translation>フレームを検索(&amp;F)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Suspects</source>
        <translation>疑わしい対象</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>フレーム</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Import Problems</source>
        <translation>インポートの問題</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>関数</translation>
    </message>
    <message>
        <source>Function + file</source>
        <translation>関数 + ファイル</translation>
    </message>
    <message>
        <source>Function + file + line</source>
        <translation>関数 + ファイル + 行</translation>
    </message>
    <message>
        <source>All samples</source>
        <translation>すべてのサンプル</translation>
    </message>
    <message>
        <source>Latest sample</source>
        <translation>最新のサンプル</translation>
    </message>
    <message>
        <source>Main thread</source>
        <translation>メインスレッド</translation>
    </message>
    <message>
        <source>All threads</source>
        <translation>すべてのスレッド</translation>
    </message>
    <message>
        <source>Main processes</source>
        <translation>メインプロセス</translation>
    </message>
    <message>
        <source>All process types</source>
        <translation>すべてのプロセス種別</translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation>スレッド：%1</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>ロール：%1</translation>
    </message>
    <message>
        <source>Open Job Bundle Folder</source>
        <translation>ジョブバンドルのフォルダーを開く</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 をインポート中…</translation>
    </message>
    <message>
        <source>Importing: %1</source>
        <translation>インポート中：%1</translation>
    </message>
    <message>
        <source>%1 files (%2 parsed, %3 from cache), %4 samples, %5 s</source>
        <translation>%1 ファイル（解析 %2、キャッシュ %3）、%4 サンプル、%5 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n file problem(s) during import; everything else was imported. See Import Problems.</source>
        <translation><numerusform>インポート中に %n 件のファイルの問題がありました。他はすべてインポート済みです。「インポートの問題」を参照してください。</numerusform></translation>
    </message>
    <message>
        <source>Cannot open the bundle: %1</source>
        <translation>バンドルを開けません：%1</translation>
    </message>
    <message>
        <source>Import cancelled; the cache keeps its previous state.</source>
        <translation>インポートを取り消しました。キャッシュは以前の状態のままです。</translation>
    </message>
    <message>
        <source>Highlighting the path of rank %1</source>
        <translation>ランク %1 のパスを強調表示中</translation>
    </message>
    <message>
        <source>Export Image</source>
        <translation>画像をエクスポート</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 画像 (*.png);;SVG 画像 (*.svg)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>エクスポートに失敗しました：%1</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 をエクスポートしました</translation>
    </message>
    <message>
        <source>nothing to export yet</source>
        <translation>まだエクスポートするものがありません</translation>
    </message>
    <message>
        <source>Trace view: %1</source>
        <translation>トレース表示：%1</translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation>ストラグラー</translation>
    </message>
    <message>
        <source>Rank Detail</source>
        <translation>ランク詳細</translation>
    </message>
    <message>
        <source>Stacks</source>
        <translation>スタック</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>ヒートマップ</translation>
    </message>
    <message>
        <source>The profiler traces could not be read from the cache: %1</source>
        <translation>キャッシュからプロファイラーのトレースを読み込めませんでした：%1</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle. Put one PyTorch profiler trace per rank into traces/ (see the bundle format) to see the heatmap.</source>
        <translation>このバンドルにはプロファイラーのトレースがありません。ヒートマップを見るには、ランクごとに 1 つの PyTorch プロファイラーのトレースを traces/ に置いてください（バンドル形式を参照）。</translation>
    </message>
    <message>
        <source>Loading the heatmap…</source>
        <translation>ヒートマップを読み込み中…</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>イテレーション %1</translation>
    </message>
    <message>
        <source>time %1 s – %2 s</source>
        <translation>時間 %1 秒 – %2 秒</translation>
    </message>
    <message>
        <source>That rank has no trace window there.</source>
        <translation>そのランクにはその位置のトレースのウィンドウがありません。</translation>
    </message>
    <message>
        <source>; its nearest stack sample (%1 s from the window's middle) is selected in the flame graph</source>
        <translation>。最も近いスタックサンプル（ウィンドウの中央から %1 秒）をフレームグラフで選択しました</translation>
    </message>
    <message>
        <source>; its stack sample (no time) is selected in the flame graph</source>
        <translation>。そのスタックサンプル（時刻なし）をフレームグラフで選択しました</translation>
    </message>
    <message numerus="yes">
        <source>Rank %1, %2: %n op(s) compared with %3 peer(s)</source>
        <translation><numerusform>ランク %1、%2：%n 個の操作を %3 個のピアと比較</numerusform></translation>
    </message>
    <message>
        <source>the heatmap has no data yet</source>
        <translation>ヒートマップにはまだデータがありません</translation>
    </message>
    <message>
        <source>Heatmap: %1 by %2</source>
        <translation>ヒートマップ：%1（%2別）</translation>
    </message>
    <message>
        <source>rank %1, window %2</source>
        <translation>ランク %1、ウィンドウ %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>&amp;Logs of the Selected Window</source>
        <translation>選択したウィンドウのログ(&amp;L)</translation>
    </message>
    <message>
        <source>rank %1, %2</source>
        <translation>ランク %1、%2</translation>
    </message>
    <message>
        <source>Choose a rank's line to open its heatmap window.</source>
        <translation>ランクの行を選ぶと、そのヒートマップのウィンドウを開きます。</translation>
    </message>
    <message>
        <source>Rank %1 has no heatmap window at that time.</source>
        <translation>ランク %1 にはその時刻のヒートマップのウィンドウがありません。</translation>
    </message>
    <message>
        <source>Compare with &amp;Baseline…</source>
        <translation>ベースラインと比較(&amp;B)…</translation>
    </message>
    <message>
        <source>S&amp;wap Baseline and Bundle</source>
        <translation>ベースラインとバンドルを入れ替え(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Close Baseline</source>
        <translation>ベースラインを閉じる(&amp;C)</translation>
    </message>
    <message>
        <source>Diff vs %1</source>
        <translation>%1 との差分</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>Importing the baseline: %1</source>
        <translation>ベースラインをインポート中：%1</translation>
    </message>
    <message>
        <source>Comparing with the baseline…</source>
        <translation>ベースラインと比較中…</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>比較に失敗しました：%1</translation>
    </message>
    <message>
        <source>The comparison with the baseline failed: %1</source>
        <translation>ベースラインとの比較に失敗しました：%1</translation>
    </message>
    <message>
        <source>Open a Healthy Run to Compare With</source>
        <translation>比較対象の正常な実行を開く</translation>
    </message>
    <message>
        <source>Importing the baseline %1…</source>
        <translation>ベースライン %1 をインポート中…</translation>
    </message>
    <message>
        <source>Compared with %1: %2</source>
        <translation>%1 と比較しました：%2</translation>
    </message>
    <message>
        <source>windows paired by position</source>
        <translation>ウィンドウを位置で対応付け</translation>
    </message>
    <message>
        <source>iterations paired by position: iteration N beside the baseline's N − %1</source>
        <translation>イテレーションを位置で対応付け：イテレーション N をベースラインの N − %1 と比較</translation>
    </message>
    <message>
        <source>Waiting for the baseline…</source>
        <translation>ベースラインを待っています…</translation>
    </message>
    <message>
        <source>Heatmap: %1 by %2, this run minus baseline %3</source>
        <translation>ヒートマップ：%1（%2別）、この実行 − ベースライン %3</translation>
    </message>
    <message>
        <source>Open Bundle &amp;Archive or File…</source>
        <translation>バンドルアーカイブまたはファイルを開く(&amp;A)…</translation>
    </message>
    <message>
        <source>Open a job bundle (File &gt; Open, or drop a folder, an archive or a single trace here) to merge the stacks of every rank.</source>
        <translation>ジョブバンドルを開くと（ファイル &gt; 開く、またはフォルダー、アーカイブ、単一のトレースをここにドロップ）、全ランクのスタックをマージします。</translation>
    </message>
    <message>
        <source>Open Job Bundle Archive or File</source>
        <translation>バンドルアーカイブまたはファイルを開く</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1 ranks with stacks, %2 without, %3 frames merged; %4</source>
        <translation>スタックありのランク %1、なし %2、マージしたフレーム %3；%4</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle, and the logs cannot tell stragglers: %1. Put one PyTorch profiler trace per rank into traces/ (see the bundle format) to see the heatmap.</source>
        <translation>このバンドルにはプロファイラーのトレースがなく、ログからもストラグラーは判断できません：%1。ヒートマップを見るには、ランクごとに PyTorch プロファイラーのトレースを traces/ に置いてください（バンドル形式を参照）。</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>The collectives could not be read from the cache: %1</source>
        <translation>キャッシュから集合通信を読み込めません：%1</translation>
    </message>
    <message>
        <source>Collectives view: %1</source>
        <translation>集合通信ビュー：%1</translation>
    </message>
    <message>
        <source>Loading the collectives was cancelled. Reimport the bundle to see them.</source>
        <translation>集合通信の読み込みをキャンセルしました。表示するにはバンドルを再インポートしてください。</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>インポート中…</translation>
    </message>
    <message>
        <source>Reading the collectives…</source>
        <translation>集合通信を読み込み中…</translation>
    </message>
    <message>
        <source>Stack dumps</source>
        <translation>スタックダンプ</translation>
    </message>
    <message>
        <source>Collective call sites</source>
        <translation>集団通信の呼び出し箇所</translation>
    </message>
    <message>
        <source>The Python frames each rank's Flight Recorder dump recorded for the collective it blocks in (its earliest entry that did not complete), merged across ranks</source>
        <translation>各ランクの Flight Recorder ダンプが、そのランクがブロックしている集団通信について記録した Python フレーム（完了していない最初のエントリ）をランク間でマージしたもの</translation>
    </message>
    <message>
        <source>Highlighting the paths of ranks %1 (the Ranks panel lists them)</source>
        <translation>ランク %1 の経路を強調表示中（ランクパネルに一覧があります）</translation>
    </message>
    <message>
        <source>No import problems</source>
        <translation>インポートの問題なし</translation>
    </message>
    <message numerus="yes">
        <source>%n import problem(s)</source>
        <translation><numerusform>インポートの問題 %n 件</numerusform></translation>
    </message>
    <message>
        <source>Show or hide the Import Problems panel</source>
        <translation>「インポートの問題」パネルの表示/非表示</translation>
    </message>
    <message>
        <source>&amp;Stacks</source>
        <translation>スタック(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Heatmap</source>
        <translation>ヒートマップ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Logs</source>
        <translation>ログ(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Diff</source>
        <translation>差分(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Collectives</source>
        <translation>集団通信(&amp;C)</translation>
    </message>
    <message>
        <source>Go to %1</source>
        <translation>%1 へ移動</translation>
    </message>
    <message>
        <source>&amp;Clear Selection and Highlight</source>
        <translation>選択とハイライトを解除(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Find in Logs</source>
        <translation>ログを検索(&amp;F)</translation>
    </message>
    <message>
        <source>Selection cleared</source>
        <translation>選択を解除しました</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>フレームグラフ</translation>
    </message>
    <message>
        <source>&lt;b&gt;rankscope %1&lt;/b&gt;&lt;br&gt;Finds the rank, node or group that stalls or slows a distributed training job by comparing every rank's stacks, logs, profiler traces and collectives.&lt;br&gt;Candidates and evidence, not proven causes.</source>
        <translation>&lt;b&gt;rankscope %1&lt;/b&gt;&lt;br&gt;全ランクのスタック、ログ、プロファイラトレース、集団通信を比較して、分散学習ジョブを停滞または低速化させているランク、ノード、グループを見つけます。&lt;br&gt;示すのは候補と証拠であり、証明された原因ではありません。</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>ユーザーガイド(&amp;U)</translation>
    </message>
    <message>
        <source>Which stacks the flame graph merges: the py-spy dumps, or the call sites the Flight Recorder dumps recorded</source>
        <translation>フレームグラフがまとめるスタック：py-spy のダンプか、Flight Recorder のダンプが記録した呼び出し元か</translation>
    </message>
    <message>
        <source>Stacks:</source>
        <translation>スタック:</translation>
    </message>
    <message>
        <source>How the stacks are merged, for the flame graph, the suspects and the Diff's stack paths</source>
        <translation>スタックのまとめ方（フレームグラフ、疑わしい対象、差分のスタックパスに適用）</translation>
    </message>
    <message>
        <source>Frame identity: frames with the same function merge, or only those with the same file, or the same file and line</source>
        <translation>フレームの同一性：関数が同じフレームをまとめるか、ファイルも同じもの、ファイルと行も同じものだけをまとめるか</translation>
    </message>
    <message>
        <source>Which threads of each process: the main thread (where training code runs), all threads, or one thread by name</source>
        <translation>各プロセスのどのスレッドか：メインスレッド（学習コードが動く所）、全スレッド、または名前で選んだ 1 スレッド</translation>
    </message>
    <message>
        <source>Which processes: the training ranks, or also helpers such as DataLoader workers, by role</source>
        <translation>どのプロセスか：学習ランクだけか、役割別に DataLoader ワーカーなどの補助プロセスも含めるか</translation>
    </message>
    <message>
        <source>All samples of each rank merged, or only each rank's latest dump (where it is now)</source>
        <translation>各ランクの全サンプルをまとめるか、各ランクの最新のダンプ（現在の位置）だけを使うか</translation>
    </message>
    <message>
        <source>Cannot write the demo bundle: %1</source>
        <translation>デモバンドルを書き出せません: %1</translation>
    </message>
    <message>
        <source>Show Stacks</source>
        <translation>スタックを表示</translation>
    </message>
    <message>
        <source>Show Heatmap</source>
        <translation>ヒートマップを表示</translation>
    </message>
    <message>
        <source>Show Logs</source>
        <translation>ログを表示</translation>
    </message>
    <message>
        <source>How to Capture Stacks</source>
        <translation>スタックの取得方法</translation>
    </message>
    <message>
        <source>No stack dumps in this bundle</source>
        <translation>このバンドルにはスタックダンプがありません</translation>
    </message>
    <message>
        <source>The merged flame graph needs a py-spy dump of each rank (&lt;tt&gt;py-spy dump --pid PID&lt;/tt&gt;, text or &lt;tt&gt;--json&lt;/tt&gt;) under &lt;tt&gt;stacks/&lt;/tt&gt;, ideally two or three samples a few seconds apart. It shows which ranks are stuck where, and who the others wait for.</source>
        <translation>統合フレームグラフには &lt;tt&gt;stacks/&lt;/tt&gt; 以下に各ランクの py-spy ダンプ（&lt;tt&gt;py-spy dump --pid PID&lt;/tt&gt;、テキストまたは &lt;tt&gt;--json&lt;/tt&gt;）が必要です。数秒おきに 2〜3 回取るのが理想です。どのランクがどこで止まり、他のランクが誰を待っているかを示します。</translation>
    </message>
    <message>
        <source>How to Capture Traces</source>
        <translation>トレースの取得方法</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle</source>
        <translation>このバンドルにはプロファイラーのトレースがありません</translation>
    </message>
    <message>
        <source>The rank-by-time heatmap and the stragglers need a PyTorch profiler trace per rank (&lt;tt&gt;*.pt.trace.json&lt;/tt&gt;, gzip or zstd) under &lt;tt&gt;traces/&lt;/tt&gt;; even one or two profiler steps on every rank are enough to compare the ranks.</source>
        <translation>ランク×時間のヒートマップと遅いランクの検出には、&lt;tt&gt;traces/&lt;/tt&gt; 以下にランクごとの PyTorch プロファイラーのトレース（&lt;tt&gt;*.pt.trace.json&lt;/tt&gt;、gzip または zstd）が必要です。各ランクに 1〜2 ステップあればランクを比較できます。</translation>
    </message>
    <message>
        <source>Log Formats</source>
        <translation>ログ形式</translation>
    </message>
    <message>
        <source>No logs in this bundle</source>
        <translation>このバンドルにはログがありません</translation>
    </message>
    <message>
        <source>The log templates need the job's output: the launcher's combined log (torchrun, srun, mpirun, kubectl) or per-rank files under &lt;tt&gt;logs/&lt;/tt&gt;. Errors, warnings and the lines only some ranks wrote are ranked there.</source>
        <translation>ログテンプレートにはジョブの出力が必要です：ランチャーの統合ログ（torchrun、srun、mpirun、kubectl）か、&lt;tt&gt;logs/&lt;/tt&gt; 以下のランクごとのファイル。エラー、警告、一部のランクだけが書いた行がそこで順位付けされます。</translation>
    </message>
    <message>
        <source>No baseline to compare with</source>
        <translation>比較するベースラインがありません</translation>
    </message>
    <message>
        <source>The Diff puts a healthy run of the same job beside this one: the stack paths, log templates, step times and operator times that changed. Open the healthy run's bundle as the baseline, or name it as &lt;tt&gt;"baseline"&lt;/tt&gt; in this bundle's &lt;tt&gt;job.json&lt;/tt&gt;.</source>
        <translation>差分は同じジョブの正常な実行をこの実行の隣に並べます：変わったスタックパス、ログテンプレート、ステップ時間、演算子の時間。正常な実行のバンドルをベースラインとして開くか、このバンドルの &lt;tt&gt;job.json&lt;/tt&gt; に &lt;tt&gt;"baseline"&lt;/tt&gt; として指定してください。</translation>
    </message>
    <message>
        <source>Compare with Baseline…</source>
        <translation>ベースラインと比較…</translation>
    </message>
    <message>
        <source>About the Diff</source>
        <translation>差分について</translation>
    </message>
    <message>
        <source>No collective records in this bundle</source>
        <translation>このバンドルには集団通信の記録がありません</translation>
    </message>
    <message>
        <source>The per-group sequence of collectives comes from Flight Recorder dumps (&lt;tt&gt;TORCH_NCCL_TRACE_BUFFER_SIZE&lt;/tt&gt; set; files under &lt;tt&gt;fr/&lt;/tt&gt;), from the NCCL watchdog and desync lines in the logs, or from communication kernels with sequence numbers in the traces. This bundle has none.</source>
        <translation>グループごとの集団通信の列は、Flight Recorder のダンプ（&lt;tt&gt;TORCH_NCCL_TRACE_BUFFER_SIZE&lt;/tt&gt; を設定、&lt;tt&gt;fr/&lt;/tt&gt; 以下のファイル）、ログの NCCL watchdog と desync の行、またはトレース中のシーケンス番号付き通信カーネルから得られます。このバンドルにはどれもありません。</translation>
    </message>
    <message>
        <source>How to Capture Them</source>
        <translation>取得方法</translation>
    </message>
    <message>
        <source>The rank detail is in the main area.</source>
        <translation>ランク詳細はメイン領域に表示されています。</translation>
    </message>
    <message>
        <source>Rank Detail in the &amp;Main Area</source>
        <translation>ランク詳細をメイン領域に表示(&amp;M)</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>関数</translation>
    </message>
    <message>
        <source>Click to open the Diff view.</source>
        <translation>クリックすると差分ビューを開きます。</translation>
    </message>
    <message>
        <source>The cache was damaged; rebuilding it from the bundle (%1)</source>
        <translation>キャッシュが破損しています。バンドルから再構築しています（%1）</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Joining the layers…</source>
        <translation>各レイヤーを統合中…</translation>
    </message>
    <message>
        <source>The layers could not be joined (out of memory); each view still shows its own layer.</source>
        <translation>レイヤーを統合できませんでした（メモリ不足）。各ビューはそれぞれのレイヤーを表示します。</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>概要(&amp;O)</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>レポートをエクスポート(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Add View to Report</source>
        <translation>ビューをレポートに追加(&amp;A)</translation>
    </message>
    <message>
        <source>no temporary folder for the picture</source>
        <translation>画像用の一時フォルダーがありません</translation>
    </message>
    <message>
        <source>the picture could not be read back</source>
        <translation>画像を読み戻せませんでした</translation>
    </message>
    <message>
        <source>Cannot add this view to the report: %1</source>
        <translation>このビューをレポートに追加できません：%1</translation>
    </message>
    <message numerus="yes">
        <source>Added %1 to the report (%n picture(s)); File &gt; Export Report writes it.</source>
        <translation><numerusform>%1 をレポートに追加しました（%n 枚の画像）。「ファイル &gt; レポートをエクスポート」で書き出します。</numerusform></translation>
    </message>
    <message>
        <source>the joined verdict, what each rank sent, the first anomalies</source>
        <translation>統合された結論、各ランクが送ったデータ、最初の異常</translation>
    </message>
    <message>
        <source>every rank's stacks merged</source>
        <translation>全ランクのスタックを統合</translation>
    </message>
    <message>
        <source>focused on %1's frame</source>
        <translation>%1 のフレームに注目</translation>
    </message>
    <message>
        <source>ranks by windows, stragglers outlined</source>
        <translation>ランク × ウィンドウ、遅延ランクを強調</translation>
    </message>
    <message>
        <source>each process group's collectives by rank</source>
        <translation>プロセスグループごと・ランクごとの集合通信</translation>
    </message>
    <message>
        <source>against the baseline</source>
        <translation>ベースラインとの比較</translation>
    </message>
    <message>
        <source>the verdict is not ready yet</source>
        <translation>結論はまだ準備できていません</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>レポートをエクスポート</translation>
    </message>
    <message>
        <source>HTML, one file (*.html);;Markdown with a folder of pictures (*.md)</source>
        <translation>HTML（1 ファイル） (*.html);;Markdown と画像フォルダー (*.md)</translation>
    </message>
    <message>
        <source>Wrote the report %1</source>
        <translation>レポート %1 を書き出しました</translation>
    </message>
    <message>
        <source>Note %1 is on something this view does not show now (filtered out, zoomed away, or not in this import).</source>
        <translation>メモ %1 の対象は現在このビューに表示されていません（フィルターで除外、別の場所にズーム、またはこのインポートにない）。</translation>
    </message>
    <message>
        <source>Drag a rectangle over the view to highlight it; Escape cancels.</source>
        <translation>ビュー上で矩形をドラッグしてハイライトします。Esc で取り消します。</translation>
    </message>
    <message>
        <source>Drag from where the arrow starts to what it points at; Escape cancels.</source>
        <translation>矢印の始点から指す先までドラッグします。Esc で取り消します。</translation>
    </message>
    <message>
        <source>&amp;Notes</source>
        <translation>メモ(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Add Note to Selection…</source>
        <translation>選択項目にメモを追加(&amp;A)…</translation>
    </message>
    <message>
        <source>Pin a note to the selected frame, heatmap cell, log line or collective</source>
        <translation>選択したフレーム、ヒートマップのセル、ログ行、集団通信にメモを付けます</translation>
    </message>
    <message>
        <source>&amp;Highlight</source>
        <translation>ハイライト(&amp;H)</translation>
    </message>
    <message>
        <source>Draw a rectangle over the view (rows, time, frames) that stays on its data when zooming</source>
        <translation>ビューに矩形（行、時間、フレーム）を描きます。ズームしてもデータに付いていきます</translation>
    </message>
    <message>
        <source>A&amp;rrow</source>
        <translation>矢印(&amp;R)</translation>
    </message>
    <message>
        <source>Draw an arrow pointing at something in the view</source>
        <translation>ビュー内の何かを指す矢印を描きます</translation>
    </message>
    <message>
        <source>&amp;Mark Ranks…</source>
        <translation>ランクをマーク(&amp;M)…</translation>
    </message>
    <message>
        <source>Mark ranks with a note: their rows, lines and frames are tinted in every view</source>
        <translation>ランクをメモ付きでマークします：その行、ログ行、フレームがすべてのビューで色付けされます</translation>
    </message>
    <message>
        <source>&amp;Import Notes…</source>
        <translation>メモをインポート(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export Notes…</source>
        <translation>メモをエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>Notes (%1)</source>
        <translation>メモ (%1)</translation>
    </message>
    <message>
        <source>Select a frame, a cell, a line or a collective first, or right-click one and choose Add Note…</source>
        <translation>先にフレーム、セル、ログ行、集団通信を選択するか、右クリックして「メモを追加…」を選んでください</translation>
    </message>
    <message>
        <source>Import Notes</source>
        <translation>メモをインポート</translation>
    </message>
    <message>
        <source>Notes (*.notes.json *.json)</source>
        <translation>メモ (*.notes.json *.json)</translation>
    </message>
    <message>
        <source>Notes not imported: %1</source>
        <translation>メモはインポートされませんでした: %1</translation>
    </message>
    <message>
        <source>Export Notes</source>
        <translation>メモをエクスポート</translation>
    </message>
    <message>
        <source>Notes (*.notes.json)</source>
        <translation>メモ (*.notes.json)</translation>
    </message>
    <message>
        <source>Notes not exported: %1</source>
        <translation>メモはエクスポートされませんでした: %1</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n note(s) to %1</source>
        <translation><numerusform>%n 件のメモを %1 にエクスポートしました</numerusform></translation>
    </message>
    <message>
        <source>there are no log lines to export</source>
        <translation>エクスポートするログ行がありません</translation>
    </message>
    <message>
        <source>Log lines</source>
        <translation>ログ行</translation>
    </message>
    <message>
        <source>Bundles, traces and logs (*.rankscope *.rscache *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;Bundle archives (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;Merged caches (*.rscache);;All files (*)</source>
        <translation>バンドル、トレース、ログ (*.rankscope *.rscache *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;バンドルのアーカイブ (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;マージされたキャッシュ (*.rscache);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>This merged cache keeps no raw trace events (merged with --keep-events none): the window's metrics are whole, its timeline is not. Merge with --keep-events all, or open the bundle, to see the events.</source>
        <translation>このマージされたキャッシュには生のトレースイベントがありません（--keep-events none でマージ）。ウィンドウの指標は完全ですが、タイムラインはありません。イベントを見るには --keep-events all でマージし直すか、バンドルを開いてください。</translation>
    </message>
    <message>
        <source>This merged cache kept the events of the suspects and a few peers only (--keep-events outliers), not of rank %1 in this window: its metrics are whole, its timeline is not. Merge with --keep-events all, or open the bundle, to see them.</source>
        <translation>このマージされたキャッシュは容疑ランクと少数の比較用ランクのイベントだけを保持しています（--keep-events outliers）。このウィンドウの rank %1 のイベントは含まれません。指標は完全ですが、タイムラインはありません。見るには --keep-events all でマージし直すか、バンドルを開いてください。</translation>
    </message>
</context>
<context>
    <name>NoteText</name>
    <message>
        <source>%1 #%2 · rank %3</source>
        <translation>%1 #%2 · ランク %3</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
    <message>
        <source>rank %1 · iteration %2</source>
        <translation>ランク %1 · イテレーション %2</translation>
    </message>
    <message>
        <source>rank %1 · time bin %2</source>
        <translation>ランク %1 · 時間ビン %2</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>フレームグラフ</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>ヒートマップ</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>タイムライン</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>Highlight</source>
        <translation>ハイライト</translation>
    </message>
    <message>
        <source>Arrow</source>
        <translation>矢印</translation>
    </message>
    <message>
        <source>Marked ranks</source>
        <translation>マークしたランク</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>all ranks</source>
        <translation>全ランク</translation>
    </message>
    <message>
        <source>rank %1, window %2</source>
        <translation>ランク %1、ウィンドウ %2</translation>
    </message>
    <message>
        <source>%1 on rank %2</source>
        <translation>ランク %2 の %1</translation>
    </message>
    <message>
        <source>%1 #%2 of group %3</source>
        <translation>グループ %3 の %1 #%2</translation>
    </message>
    <message>
        <source>Double-click or F2 to edit, Delete to remove</source>
        <translation>ダブルクリックか F2 で編集、Delete で削除</translation>
    </message>
    <message>
        <source>Note %1: %2 (on %3)</source>
        <translation>メモ %1: %2（%3）</translation>
    </message>
    <message>
        <source>Note %1: %2</source>
        <translation>メモ %1: %2</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>No import problems.</source>
        <translation>インポートの問題はありません。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) while importing; the other files imported normally.</source>
        <translation><numerusform>インポート中に %n 件の問題。他のファイルは正常にインポートされました。</numerusform></translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Everywhere</source>
        <translation>どこでも</translation>
    </message>
    <message>
        <source>Heatmap, Rank Detail timeline, Collectives strip</source>
        <translation>ヒートマップ、ランク詳細のタイムライン、集団通信ストリップ</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>フレームグラフ</translation>
    </message>
    <message>
        <source>W / S, + / -</source>
        <translation>W / S、+ / -</translation>
    </message>
    <message>
        <source>Zoom in / out in time (or sequence)</source>
        <translation>時間 (またはシーケンス) を拡大 / 縮小</translation>
    </message>
    <message>
        <source>A / D, Left / Right</source>
        <translation>A / D、左 / 右</translation>
    </message>
    <message>
        <source>Pan earlier / later</source>
        <translation>前 / 後へ移動</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>Scroll the ranks</source>
        <translation>ランクをスクロール</translation>
    </message>
    <message>
        <source>Shift+W / Shift+S</source>
        <translation>Shift+W / Shift+S</translation>
    </message>
    <message>
        <source>Zoom the rank axis</source>
        <translation>ランク軸を拡大縮小</translation>
    </message>
    <message>
        <source>Heatmap, Collectives strip</source>
        <translation>ヒートマップ、集団通信ストリップ</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <source>Show everything</source>
        <translation>すべて表示</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>ホイール</translation>
    </message>
    <message>
        <source>Zoom at the mouse</source>
        <translation>マウス位置で拡大縮小</translation>
    </message>
    <message>
        <source>Shift+Wheel</source>
        <translation>Shift+ホイール</translation>
    </message>
    <message>
        <source>Ctrl+Wheel, wheel over the rank labels</source>
        <translation>Ctrl+ホイール、またはランクラベル上でホイール</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>クリック</translation>
    </message>
    <message>
        <source>Select a frame</source>
        <translation>フレームを選択</translation>
    </message>
    <message>
        <source>Double-click, Enter</source>
        <translation>ダブルクリック、Enter</translation>
    </message>
    <message>
        <source>Zoom to the selected frame</source>
        <translation>選択したフレームにズーム</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <source>Zoom out one level</source>
        <translation>1 段階ズームアウト</translation>
    </message>
    <message>
        <source>Right-click</source>
        <translation>右クリック</translation>
    </message>
    <message>
        <source>Highlight a rank's path, copy</source>
        <translation>ランクのパスをハイライト、コピー</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>対象</translation>
    </message>
</context>
<context>
    <name>StackViewExport</name>
    <message>
        <source>Merged flame graph</source>
        <translation>マージしたフレームグラフ</translation>
    </message>
    <message>
        <source>has %1</source>
        <translation>あり %1</translation>
    </message>
    <message>
        <source>missing %1</source>
        <translation>欠落 %1</translation>
    </message>
    <message>
        <source>no data %1</source>
        <translation>データなし %1</translation>
    </message>
    <message>
        <source>rank %1 traced</source>
        <translation>ランク %1 の経路を追跡</translation>
    </message>
    <message>
        <source>ranks %1 traced</source>
        <translation>ランク %1 の経路を追跡</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Find the rank, node or group that stalled or slowed a distributed training job, from every rank's stacks, logs, profiler traces and collectives.</source>
        <translation>各ランクのスタック、ログ、プロファイラーのトレース、集団通信から、分散学習ジョブを止めた・遅くしたランク、ノード、グループを見つけます。</translation>
    </message>
    <message>
        <source>Open Bundle Folder…</source>
        <translation>バンドルフォルダーを開く…</translation>
    </message>
    <message>
        <source>Open Archive or File…</source>
        <translation>アーカイブまたはファイルを開く…</translation>
    </message>
    <message>
        <source>A bundle archive (.tar.zst, .tar.gz, .rankscope), or a single profiler trace, stack dump or log.</source>
        <translation>バンドルのアーカイブ（.tar.zst、.tar.gz、.rankscope）、または単独のプロファイラートレース、スタックダンプ、ログ。</translation>
    </message>
    <message>
        <source>Open Demo</source>
        <translation>デモを開く</translation>
    </message>
    <message>
        <source>A 64-rank job that hangs in one rank's data loader; the arrow offers the other demos.</source>
        <translation>1 つのランクのデータローダーで止まる 64 ランクのジョブ。矢印から他のデモも選べます。</translation>
    </message>
    <message>
        <source>Hang in one rank's data loader (stacks, logs)</source>
        <translation>1 ランクのデータローダーで停止（スタック、ログ）</translation>
    </message>
    <message>
        <source>One slow GPU (profiler traces, stacks)</source>
        <translation>遅い GPU 1 基（プロファイラートレース、スタック）</translation>
    </message>
    <message>
        <source>One node with slow links (profiler traces, stacks)</source>
        <translation>リンクが遅い 1 ノード（プロファイラートレース、スタック）</translation>
    </message>
    <message>
        <source>Recent bundles</source>
        <translation>最近のバンドル</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>一覧を消去</translation>
    </message>
    <message>
        <source>Bundles you open are listed here.</source>
        <translation>開いたバンドルがここに表示されます。</translation>
    </message>
    <message>
        <source>Drop a bundle folder, an archive or a single trace, dump or log anywhere on this window.</source>
        <translation>バンドルのフォルダー、アーカイブ、または単独のトレース・ダンプ・ログをこのウィンドウのどこにでもドロップしてください。</translation>
    </message>
    <message>
        <source>%1    %2 (not found)</source>
        <translation>%1    %2（見つかりません）</translation>
    </message>
</context>
<context>
    <name>StragglersPanel</name>
    <message>
        <source>Role</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指標</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>From</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>オフセット</translation>
    </message>
    <message>
        <source>Aligned by</source>
        <translation>揃え方</translation>
    </message>
    <message>
        <source>Anchors</source>
        <translation>アンカー数</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle. Put one PyTorch profiler trace per rank into traces/ to see step times and stragglers.</source>
        <translation>このバンドルにはプロファイラーのトレースがありません。ステップ時間とストラグラーを見るには、ランクごとに 1 つの PyTorch プロファイラーのトレースを traces/ に置いてください。</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>イテレーション %1</translation>
    </message>
    <message>
        <source>time bin %1</source>
        <translation>タイムビン %1</translation>
    </message>
    <message>
        <source>makes others wait</source>
        <translation>他を待たせる</translation>
    </message>
    <message>
        <source>waits</source>
        <translation>待っている</translation>
    </message>
    <message numerus="yes">
        <source>Clock offsets applied to align %n rank(s) (largest %1); job.json "clock_offsets_ns" overrides them.</source>
        <translation><numerusform>%n ランクを揃えるため時計のオフセットを適用しました（最大 %1）。job.json の「clock_offsets_ns」が優先されます。</numerusform></translation>
    </message>
    <message>
        <source>reference</source>
        <translation>基準</translation>
    </message>
    <message>
        <source>collective ends</source>
        <translation>集団通信の終了時刻</translation>
    </message>
    <message>
        <source>step starts</source>
        <translation>ステップの開始時刻</translation>
    </message>
    <message>
        <source>same node</source>
        <translation>同じノード</translation>
    </message>
    <message>
        <source>job.json</source>
        <translation>job.json</translation>
    </message>
    <message>
        <source>not aligned</source>
        <translation>未調整</translation>
    </message>
    <message>
        <source>spread of the per-anchor differences: %1</source>
        <translation>アンカーごとの差のばらつき: %1</translation>
    </message>
    <message>
        <source>send/recv bounds</source>
        <translation>send/recv の制約</translation>
    </message>
    <message>
        <source>good</source>
        <translation>良好</translation>
    </message>
    <message>
        <source>fair</source>
        <translation>まずまず</translation>
    </message>
    <message>
        <source>poor</source>
        <translation>不良</translation>
    </message>
    <message>
        <source>Last at</source>
        <translation>最後に到着</translation>
    </message>
    <message>
        <source>Wait caused</source>
        <translation>待たせた時間</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>品質</translation>
    </message>
    <message>
        <source>Uncertainty</source>
        <translation>不確かさ</translation>
    </message>
    <message>
        <source>Arrival order: no collective was matched across ranks.</source>
        <translation>到着順：ランク間で対応付けられた集団通信はありません。</translation>
    </message>
    <message>
        <source>Arrival order at %1 matched collectives: no clear last arriver (the last two arrived within the clocks' uncertainty every time).</source>
        <translation>対応付けられた %1 件の集団通信の到着順：明確な最後の到着者はいません（最後の 2 つは毎回時計の不確かさの範囲内で到着）。</translation>
    </message>
    <message>
        <source>Arrival order at %1 matched collectives, %2 with a clear last arriver: the ranks the others waited for most.</source>
        <translation>対応付けられた %1 件の集団通信の到着順（うち %2 件は明確な最後の到着者あり）：他が最も長く待ったランク。</translation>
    </message>
    <message>
        <source>%1 of %2 (%3%)</source>
        <translation>%2 件中 %1 件（%3%）</translation>
    </message>
    <message>
        <source>Sum over the collectives it arrived at last of the mean time the other members waited for it</source>
        <translation>最後に到着した各集団通信で他のメンバーが待った平均時間の合計</translation>
    </message>
    <message>
        <source>How far this rank's aligned times may be off: residual of its collective ends against the other members', p2p bounds, step spread (typical collective: %1)</source>
        <translation>このランクの調整後の時刻がどれだけずれうるか：集団通信の終了時刻の他メンバーとの残差、p2p の制約、ステップ開始のばらつき（典型的な集団通信：%1）</translation>
    </message>
    <message>
        <source>Alignment: %1 (uncertainty %2; %3 good, %4 fair, %5 poor).</source>
        <translation>調整：%1（不確かさ %2。良好 %3、まずまず %4、不良 %5）。</translation>
    </message>
    <message>
        <source>Waits and arrival order are not reliable and were left out of the analysis.</source>
        <translation>待ちと到着順は信頼できないため、分析から除外しました。</translation>
    </message>
    <message>
        <source>every %1 iterations from %2</source>
        <translation>%2 から %1 イテレーションごと</translation>
    </message>
    <message>
        <source>every %1 time bins from %2</source>
        <translation>%2 から %1 タイムビンごと</translation>
    </message>
    <message>
        <source>tentative (one window)</source>
        <translation>暫定（ウィンドウ 1 つのみ）</translation>
    </message>
    <message numerus="yes">
        <source>tentative (%n window(s))</source>
        <translation><numerusform>暫定（ウィンドウ %n 個）</numerusform></translation>
    </message>
    <message>
        <source>confirmed (%1 of %2)</source>
        <translation>確認済み（%2 個中 %1 個）</translation>
    </message>
    <message>
        <source>~%1 in that step</source>
        <translation>そのステップで約 %1</translation>
    </message>
    <message>
        <source>~%1 in that time bin</source>
        <translation>そのタイムビンで約 %1</translation>
    </message>
    <message>
        <source>~%1 per step (%2 in all)</source>
        <translation>ステップごとに約 %1（合計 %2）</translation>
    </message>
    <message>
        <source>~%1 per time bin (%2 in all)</source>
        <translation>タイムビンごとに約 %1（合計 %2）</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>確度</translation>
    </message>
    <message>
        <source>Costs the job</source>
        <translation>ジョブへのコスト</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle; from the logs: %1</source>
        <translation>このバンドルにはプロファイラーのトレースがありません。ログから：%1</translation>
    </message>
    <message>
        <source>The traces hold too few windows to test whether the rank stays slow: it was slow at its own work in each of them.</source>
        <translation>トレースのウィンドウが少なすぎて、このランクが遅いままかどうかを検定できません。各ウィンドウで自身の処理が遅くなっていました。</translation>
    </message>
    <message>
        <source>Persistently slower than its peers: tested over all of the rank's windows, not only consecutive ones.</source>
        <translation>ピアより継続的に遅い：連続したウィンドウだけでなく、このランクの全ウィンドウで検定しています。</translation>
    </message>
    <message>
        <source>The time its peers waited for it, measured from the arrival order at the collectives it arrived last at, per step and summed from its first slow window on.</source>
        <translation>ピアがこのランクを待った時間。最後に到着した集団通信の到着順から測定し、ステップごとと、最初に遅くなったウィンドウからの合計で示します。</translation>
    </message>
    <message>
        <source>The time its peers wait for it, estimated: by how much it arrives after the next-slowest peer, per step and summed from its first slow window on.</source>
        <translation>ピアがこのランクを待つ時間（推定）：次に遅いピアよりどれだけ遅れて到着するか。ステップごとと、最初に遅くなったウィンドウからの合計で示します。</translation>
    </message>
</context>
<context>
    <name>TimelineStyle</name>
    <message>
        <source>other</source>
        <translation>その他</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU オペレーター</translation>
    </message>
    <message>
        <source>Python function</source>
        <translation>Python 関数</translation>
    </message>
    <message>
        <source>annotation</source>
        <translation>アノテーション</translation>
    </message>
    <message>
        <source>iteration</source>
        <translation>イテレーション</translation>
    </message>
    <message>
        <source>collective (CPU side)</source>
        <translation>集団通信（CPU 側）</translation>
    </message>
    <message>
        <source>runtime call</source>
        <translation>ランタイム呼び出し</translation>
    </message>
    <message>
        <source>synchronization</source>
        <translation>同期</translation>
    </message>
    <message>
        <source>compute kernel</source>
        <translation>計算カーネル</translation>
    </message>
    <message>
        <source>communication kernel</source>
        <translation>通信カーネル</translation>
    </message>
    <message>
        <source>memcpy</source>
        <translation>memcpy</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>memset</translation>
    </message>
    <message>
        <source>GPU annotation</source>
        <translation>GPU アノテーション</translation>
    </message>
    <message>
        <source>GPU %1 · stream %2</source>
        <translation>GPU %1 · ストリーム %2</translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation>スレッド %1（%2）</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>スレッド %1</translation>
    </message>
    <message>
        <source>track %1</source>
        <translation>トラック %1</translation>
    </message>
</context>
<context>
    <name>UserGuideDialog</name>
    <message>
        <source>rankscope User Guide</source>
        <translation>rankscope ユーザーガイド</translation>
    </message>
    <message>
        <source>The user guide is not installed. Its pages are the docs/ folder of the source, installed to share/doc/rankscope by cmake --install and the Debian package.</source>
        <translation>ユーザーガイドがインストールされていません。ページはソースの docs/ フォルダーで、cmake --install と Debian パッケージが share/doc/rankscope にインストールします。</translation>
    </message>
</context>
<context>
    <name>ViewExporter</name>
    <message>
        <source>job %1</source>
        <translation>ジョブ %1</translation>
    </message>
    <message>
        <source>Selection: %1</source>
        <translation>選択：%1</translation>
    </message>
    <message>
        <source>Frame identity: %1</source>
        <translation>フレームの同一性：%1</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>スレッド：%1</translation>
    </message>
    <message>
        <source>Made: %1</source>
        <translation>作成日時：%1</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 図形 (*.svg)</translation>
    </message>
    <message>
        <source>Cannot export %1: the view is empty.</source>
        <translation>%1 をエクスポートできません：ビューが空です。</translation>
    </message>
    <message>
        <source>Cannot export %1: unknown picture format "%2"; use .png or .svg.</source>
        <translation>%1 をエクスポートできません：不明な画像形式「%2」です。.png または .svg を使ってください。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: the SVG painter did not start.</source>
        <translation>%1 に書き込めません：SVG の描画を開始できませんでした。</translation>
    </message>
    <message>
        <source>Ranks: %1</source>
        <translation>ランク：%1</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>判定：%1</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more note(s)</source>
        <translation><numerusform>… ほか %n 件のメモ</numerusform></translation>
    </message>
</context>
<context>
    <name>collective.behind.noRecordIts</name>
    <message>
        <source>its dump holds no pending entry of that group</source>
        <translation>そのダンプにはこのグループの保留中エントリがありません</translation>
    </message>
</context>
<context>
    <name>collective.behind.noRecordTheir</name>
    <message>
        <source>their dumps hold no pending entry of that group</source>
        <translation>それらのダンプにはこのグループの保留中エントリがありません</translation>
    </message>
</context>
<context>
    <name>collective.behind.oneWaiting</name>
    <message>
        <source>%1 did not join %2 of %3, which %4 is waiting in</source>
        <translation>%1 は %3 の %2 に参加していません。%4 がそこで待機しています</translation>
    </message>
</context>
<context>
    <name>collective.behind.p2pManyForMany</name>
    <message>
        <source>%1 have posted no send or recv toward %2 in %3, which wait for them in %4.</source>
        <translation>%1 は %3 で %2 への send も recv も発行しておらず、相手は %4 でそれらを待っています。</translation>
    </message>
</context>
<context>
    <name>collective.behind.p2pManyForOne</name>
    <message>
        <source>%1 have posted no send or recv toward %2 in %3, which waits for them in %4.</source>
        <translation>%1 は %3 で %2 への send も recv も発行しておらず、相手は %4 でそれらを待っています。</translation>
    </message>
</context>
<context>
    <name>collective.behind.p2pOneForMany</name>
    <message>
        <source>%1 has posted no send or recv toward %2 in %3, which wait for it in %4.</source>
        <translation>%1 は %3 で %2 への send も recv も発行しておらず、相手は %4 でそれを待っています。</translation>
    </message>
</context>
<context>
    <name>collective.behind.p2pOneForOne</name>
    <message>
        <source>%1 has posted no send or recv toward %2 in %3, which waits for it in %4.</source>
        <translation>%1 は %3 で %2 への send も recv も発行しておらず、相手は %4 でそれを待っています。</translation>
    </message>
</context>
<context>
    <name>collective.behind.waiting</name>
    <message>
        <source>%1 did not join %2 of %3, which %4 are waiting in</source>
        <translation>%1 は %3 の %2 に参加していません。%4 がそこで待機しています</translation>
    </message>
</context>
<context>
    <name>collective.claim.agrees</name>
    <message>
        <source>%1 agrees: %2</source>
        <translation>%1 も同じく挙げています：%2</translation>
    </message>
</context>
<context>
    <name>collective.claim.didNotJoin</name>
    <message>
        <source>According to %1, %2 did not join %3 of %4; no dump or log line of that group shows it first-hand.</source>
        <translation>%1 によると、%2 は %4 の %3 に参加していません。このグループのダンプやログ行にはそれを直接示すものがありません。</translation>
    </message>
</context>
<context>
    <name>collective.claim.failed</name>
    <message>
        <source>According to %1, %2 of %3 have failed; no dump or log line of that group shows it first-hand.</source>
        <translation>%1 によると、%3 の %2 は失敗しています。このグループのダンプやログ行にはそれを直接示すものがありません。</translation>
    </message>
</context>
<context>
    <name>collective.claim.namesOthers</name>
    <message>
        <source>%1 names %2 (the records show %3)</source>
        <translation>%1 は %2 を挙げています（記録が示すのは %3）</translation>
    </message>
</context>
<context>
    <name>collective.claim.oneFailed</name>
    <message>
        <source>According to %1, %2 of %3 has failed; no dump or log line of that group shows it first-hand.</source>
        <translation>%1 によると、%3 の %2 は失敗しています。このグループのダンプやログ行にはそれを直接示すものがありません。</translation>
    </message>
</context>
<context>
    <name>collective.claim.quote</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>collective.claim.said</name>
    <message>
        <source>%1 said: %2.</source>
        <translation>%1 の報告：%2。</translation>
    </message>
</context>
<context>
    <name>collective.claim.saidGroupRanks</name>
    <message>
        <source>%1 said (in communicator ranks): %2.</source>
        <translation>%1 の報告（コミュニケーター内のランク番号）：%2。</translation>
    </message>
</context>
<context>
    <name>collective.claim.sameWithoutGroup</name>
    <message>
        <source>%1 shows the same without naming the group</source>
        <translation>%1 も同じ内容を示していますが、プロセスグループは明記されていません</translation>
    </message>
</context>
<context>
    <name>collective.consequence.many</name>
    <message>
        <source>They are themselves waiting in %1: a consequence, not a cause.</source>
        <translation>それら自体も %1 で待機しています：原因ではなく結果です。</translation>
    </message>
</context>
<context>
    <name>collective.consequence.one</name>
    <message>
        <source>It is itself waiting in %1: a consequence, not a cause.</source>
        <translation>それ自体も %1 で待機しています：原因ではなく結果です。</translation>
    </message>
</context>
<context>
    <name>collective.consequence.waitsIn</name>
    <message>
        <source>%1 of %2 for %3</source>
        <translation>%2 の %1（%3 を待機）</translation>
    </message>
</context>
<context>
    <name>collective.differs.dtypes</name>
    <message>
        <source>dtypes %1 vs %2</source>
        <translation>データ型 %1 と %2 が異なる</translation>
    </message>
</context>
<context>
    <name>collective.differs.inputCounts</name>
    <message>
        <source>input counts %1 vs %2</source>
        <translation>入力要素数 %1 と %2 が異なる</translation>
    </message>
</context>
<context>
    <name>collective.differs.inputSizes</name>
    <message>
        <source>input sizes %1 vs %2</source>
        <translation>入力サイズ %1 と %2 が異なる</translation>
    </message>
</context>
<context>
    <name>collective.differs.op</name>
    <message>
        <source>op %1 vs %2</source>
        <translation>操作 %1 と %2 が異なる</translation>
    </message>
</context>
<context>
    <name>collective.differs.outputCounts</name>
    <message>
        <source>output counts %1 vs %2</source>
        <translation>出力要素数 %1 と %2 が異なる</translation>
    </message>
</context>
<context>
    <name>collective.differs.outputDtypes</name>
    <message>
        <source>output dtypes %1 vs %2</source>
        <translation>出力データ型 %1 と %2 が異なる</translation>
    </message>
</context>
<context>
    <name>collective.differs.outputSizes</name>
    <message>
        <source>output sizes %1 vs %2</source>
        <translation>出力サイズ %1 と %2 が異なる</translation>
    </message>
</context>
<context>
    <name>collective.differs.sizesDoNotFit</name>
    <message>
        <source>sizes that do not fit %1 over %2 ranks</source>
        <translation>%2 ランクの %1 に合わないサイズ</translation>
    </message>
</context>
<context>
    <name>collective.group.id</name>
    <message>
        <source>pg %1</source>
        <translation>pg %1</translation>
    </message>
</context>
<context>
    <name>collective.group.named</name>
    <message>
        <source>pg %1 (%2)</source>
        <translation>pg %1 (%2)</translation>
    </message>
</context>
<context>
    <name>collective.group.unnamed</name>
    <message>
        <source>an unnamed process group</source>
        <translation>名前のないプロセスグループ</translation>
    </message>
</context>
<context>
    <name>collective.lastCompleted.its</name>
    <message>
        <source>its last completed collective is #%1</source>
        <translation>最後に完了した集団通信は #%1 です</translation>
    </message>
</context>
<context>
    <name>collective.lastCompleted.itsRange</name>
    <message>
        <source>its last completed collectives are #%1 to #%2</source>
        <translation>最後に完了した集団通信は #%1 から #%2 です</translation>
    </message>
</context>
<context>
    <name>collective.lastCompleted.their</name>
    <message>
        <source>their last completed collective is #%1</source>
        <translation>それらが最後に完了した集団通信は #%1 です</translation>
    </message>
</context>
<context>
    <name>collective.lastCompleted.theirRange</name>
    <message>
        <source>their last completed collectives are #%1 to #%2</source>
        <translation>それらが最後に完了した集団通信は #%1 から #%2 です</translation>
    </message>
</context>
<context>
    <name>collective.mismatch.at</name>
    <message>
        <source>Mismatch at #%1 of %2: %3 run %4, %5 run %6</source>
        <translation>%2 の #%1 で不一致：%3 は %4、%5 は %6 を実行しています</translation>
    </message>
</context>
<context>
    <name>collective.mismatch.oneRuns</name>
    <message>
        <source>%1 runs %2 at #%3 of %4 where %5 run %6</source>
        <translation>%1 は %4 の #%3 で %2 を実行していますが、%5 は %6 を実行しています</translation>
    </message>
</context>
<context>
    <name>collective.mismatch.run</name>
    <message>
        <source>%1 run %2 at #%3 of %4 where %5 run %6</source>
        <translation>%1 は %4 の #%3 で %2 を実行していますが、%5 は %6 を実行しています</translation>
    </message>
</context>
<context>
    <name>collective.mismatch.undecided</name>
    <message>
        <source>%1; with no majority on either side the data cannot tell which one is at fault.</source>
        <translation>%1。どちらの側も多数ではないため、どちらに原因があるかはデータから判断できません。</translation>
    </message>
</context>
<context>
    <name>collective.noDump.oneWaits</name>
    <message>
        <source>%1 wrote no Flight Recorder dump and left no record of %2, where %3 waits in %4; a rank that wrote nothing is often the one that hung.</source>
        <translation>%1 は Flight Recorder のダンプを書かず、%2 の記録も残していません。そこで %3 が %4 で待機しています。何も書かなかったランクがハングしたランクであることはよくあります。</translation>
    </message>
</context>
<context>
    <name>collective.noDump.wait</name>
    <message>
        <source>%1 wrote no Flight Recorder dump and left no record of %2, where %3 wait in %4; a rank that wrote nothing is often the one that hung.</source>
        <translation>%1 は Flight Recorder のダンプを書かず、%2 の記録も残していません。そこで %3 が %4 で待機しています。何も書かなかったランクがハングしたランクであることはよくあります。</translation>
    </message>
</context>
<context>
    <name>collective.note.badRanks</name>
    <message>
        <source>%1 records carry an impossible rank and were left out.</source>
        <translation>%1 件のレコードはありえないランクを持つため除外しました。</translation>
    </message>
</context>
<context>
    <name>collective.note.circular</name>
    <message>
        <source>%1 wait for each other across process groups with no rank that waits for nobody: the groups may have been called in a different order on different ranks.</source>
        <translation>%1 はプロセスグループをまたいで互いに待ち合っており、誰も待っていないランクがありません：ランクによってグループの呼び出し順が異なる可能性があります。</translation>
    </message>
</context>
<context>
    <name>collective.note.claim</name>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
</context>
<context>
    <name>collective.note.claimDisagrees</name>
    <message>
        <source>%1 names %2 in %3; the records show %4. The records are what the findings follow.</source>
        <translation>%1 は %3 の %2 を挙げていますが、記録が示すのは %4 です。所見は記録に従います。</translation>
    </message>
</context>
<context>
    <name>collective.note.claimNobodyBehind</name>
    <message>
        <source>%1 names %2 in %3, but the records of that group show nobody behind.</source>
        <translation>%1 は %3 の %2 を挙げていますが、このグループの記録では誰も遅れていません。</translation>
    </message>
</context>
<context>
    <name>collective.note.claimSilent</name>
    <message>
        <source>%1 got no answer from %2 in %3 (%4): silence alone does not show that a rank failed.</source>
        <translation>%1 は %3 の %2 から応答を得られませんでした（%4）：応答がないだけではランクが失敗したとは言えません。</translation>
    </message>
</context>
<context>
    <name>collective.note.claimUnmapped</name>
    <message>
        <source>%1 names ranks inside %2 that could not be mapped to global ranks: the bundle has no member list for it.</source>
        <translation>%1 は %2 内のランクを示していますが、グローバルランクに対応付けられません：バンドルにこのグループのメンバー一覧がありません。</translation>
    </message>
</context>
<context>
    <name>collective.note.itSaid</name>
    <message>
        <source>It said: %1.</source>
        <translation>報告内容：%1。</translation>
    </message>
</context>
<context>
    <name>collective.note.pgIdAs</name>
    <message>
        <source>pg_id %1 of %2 as %3</source>
        <translation>%2 の pg_id %1 を %3 として</translation>
    </message>
</context>
<context>
    <name>collective.note.pgIdsInferred</name>
    <message>
        <source>Records with only a pg_id, on ranks with no record naming it, were named as ranks with the same process groups name that pg_id (%1).</source>
        <translation>pg_id しかなく、そのランクに名前を示すレコードがないものは、同じプロセスグループを持つランクがその pg_id に付けた名前で扱いました（%1）。</translation>
    </message>
</context>
<context>
    <name>collective.note.uncollected</name>
    <message>
        <source>%1 were left out of this merged cache (a shard that was not merged): their records are unknown, not missing.</source>
        <translation>%1 はこのマージされたキャッシュに含まれていません（マージされなかったシャード）。その記録は欠落ではなく不明です。</translation>
    </message>
</context>
<context>
    <name>collective.note.unmappedGroupRanks</name>
    <message>
        <source>%1 records name only a rank inside their process group, and the bundle has no member list to map it to a global rank; they were left out.</source>
        <translation>%1 件のレコードはプロセスグループ内のランクしか示しておらず、バンドルにはそれをグローバルランクに対応付けるメンバー一覧がありません。これらは除外しました。</translation>
    </message>
</context>
<context>
    <name>collective.note.unplaced</name>
    <message>
        <source>%1 records carry only a pg_id that no record of the same rank names (in "only active" dumps, the statuses of groups with nothing pending); they were left out.</source>
        <translation>%1 件のレコードには、同じランクのどのレコードも名前を示していない pg_id しかありません（"only active" ダンプでの、保留中の処理がないグループの状態）。これらは除外しました。</translation>
    </message>
</context>
<context>
    <name>collective.op.p2pSeq</name>
    <message>
        <source>%1 p2p #%2</source>
        <translation>%1 p2p #%2</translation>
    </message>
</context>
<context>
    <name>collective.op.seq</name>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
</context>
<context>
    <name>collective.op.unknown</name>
    <message>
        <source>the collective</source>
        <translation>その集団通信</translation>
    </message>
</context>
<context>
    <name>collective.opOfGroup</name>
    <message>
        <source>%1 of %2</source>
        <translation>%2 の %1</translation>
    </message>
</context>
<context>
    <name>collective.parenthesis</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>collective.ranks.many</name>
    <message>
        <source>ranks %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>collective.ranks.manyStart</name>
    <message>
        <source>Ranks %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>collective.ranks.none</name>
    <message>
        <source>no rank</source>
        <translation>ランクなし</translation>
    </message>
</context>
<context>
    <name>collective.ranks.noneStart</name>
    <message>
        <source>No rank</source>
        <translation>ランクなし</translation>
    </message>
</context>
<context>
    <name>collective.ranks.one</name>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>collective.ranks.oneStart</name>
    <message>
        <source>Rank %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>collective.ranks.two</name>
    <message>
        <source>ranks %1 and %2</source>
        <translation>ランク %1 と %2</translation>
    </message>
</context>
<context>
    <name>collective.ranks.twoStart</name>
    <message>
        <source>Ranks %1 and %2</source>
        <translation>ランク %1 と %2</translation>
    </message>
</context>
<context>
    <name>collective.source.analyser</name>
    <message>
        <source>PyTorch's Flight Recorder analyser</source>
        <translation>PyTorch の Flight Recorder アナライザー</translation>
    </message>
</context>
<context>
    <name>collective.source.horovod</name>
    <message>
        <source>Horovod's stall inspector</source>
        <translation>Horovod の stall inspector</translation>
    </message>
</context>
<context>
    <name>collective.source.report</name>
    <message>
        <source>a report</source>
        <translation>あるレポート</translation>
    </message>
</context>
<context>
    <name>collective.source.reportStart</name>
    <message>
        <source>A report</source>
        <translation>あるレポート</translation>
    </message>
</context>
<context>
    <name>collective.stuck.itWentOn</name>
    <message>
        <source>%1 (it went on to complete #%2)</source>
        <translation>%1（その後 #%2 まで完了）</translation>
    </message>
</context>
<context>
    <name>collective.stuck.neverCompleted</name>
    <message>
        <source>%1 never completed %2 of %3, which %4 completed</source>
        <translation>%1 は %3 の %2 を完了していません。%4 は完了しています</translation>
    </message>
</context>
<context>
    <name>collective.stuck.started</name>
    <message>
        <source>%1 started %2 of %3 and never completed it, which %4 completed</source>
        <translation>%1 は %3 の %2 を開始しましたが完了していません。%4 は完了しています</translation>
    </message>
</context>
<context>
    <name>collective.stuck.theyWentOn</name>
    <message>
        <source>%1 (they went on to complete #%2)</source>
        <translation>%1（その後 #%2 まで完了）</translation>
    </message>
</context>
<context>
    <name>collective.verdict.cannotTell</name>
    <message>
        <source>%1 wait, every member at the same sequence and in the same state: the collectives cannot tell which rank is at fault (a network or NCCL-level hang?). Look at the logs (NCCL WARN, IB and Xid errors) and at the nodes.</source>
        <translation>%1 が待機しており、全メンバーが同じシーケンス・同じ状態にあります：集団通信からはどのランクに原因があるか判断できません（ネットワークまたは NCCL レベルのハング？）。ログ（NCCL WARN、IB、Xid エラー）とノードを確認してください。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.cannotTellIn</name>
    <message>
        <source>%1 wait in %2, every member at the same sequence and in the same state: the collectives cannot tell which rank is at fault (a network or NCCL-level hang?). Look at the logs (NCCL WARN, IB and Xid errors) and at the nodes.</source>
        <translation>%1 が %2 で待機しており、全メンバーが同じシーケンス・同じ状態にあります：集団通信からはどのランクに原因があるか判断できません（ネットワークまたは NCCL レベルのハング？）。ログ（NCCL WARN、IB、Xid エラー）とノードを確認してください。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.emptyDumps</name>
    <message>
        <source>The Flight Recorder dumps hold no entry and no group status.</source>
        <translation>Flight Recorder のダンプにはエントリもグループの状態もありません。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.noRecords</name>
    <message>
        <source>The bundle holds no collective records.</source>
        <translation>このバンドルには集団通信の記録がありません。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.noSingleCulprit</name>
    <message>
        <source>The collectives name no single culprit.</source>
        <translation>集団通信からは単一の原因を特定できません。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.nonePending</name>
    <message>
        <source>No collective is pending on any of the %1 ranks with records: the collectives show no hang.</source>
        <translation>記録のある %1 個のランクのいずれにも保留中の集団通信はありません：集団通信にハングは見られません。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.tooFewDumps</name>
    <message>
        <source>Only %1 of %2 ranks wrote a Flight Recorder dump (%3 missing: %4): too few to line the groups up and tell who is behind.</source>
        <translation>Flight Recorder のダンプを書いたのは %2 個中 %1 個のランクだけです（%3 個欠落：%4）：少なすぎて、グループを揃えて誰が遅れているかを判断できません。</translation>
    </message>
</context>
<context>
    <name>collective.waiters.ofGroup</name>
    <message>
        <source>%1 (%2 of the group's %3)</source>
        <translation>%1（グループの %3 個中 %2 個）</translation>
    </message>
</context>
<context>
    <name>collective.waiters.otherMany</name>
    <message>
        <source>the other %1 ranks of that group</source>
        <translation>そのグループの残り %1 個のランク</translation>
    </message>
</context>
<context>
    <name>collective.waiters.otherOne</name>
    <message>
        <source>the other rank of that group</source>
        <translation>そのグループのもう 1 つのランク</translation>
    </message>
</context>
<context>
    <name>collective.wholeNode</name>
    <message>
        <source>These are all the ranks of %1.</source>
        <translation>これは %1 のすべてのランクです。</translation>
    </message>
</context>
<context>
    <name>diff.log.event</name>
    <message>
        <source>%1 event</source>
        <translation>%1 件のイベント</translation>
    </message>
</context>
<context>
    <name>diff.log.events</name>
    <message>
        <source>%1 events</source>
        <translation>%1 件のイベント</translation>
    </message>
</context>
<context>
    <name>diff.log.gone</name>
    <message>
        <source>Log template gone (%1 in the baseline, %2): %3.</source>
        <translation>ログテンプレートが消えました（ベースラインでは %1、%2）：%3。</translation>
    </message>
</context>
<context>
    <name>diff.log.inLauncher</name>
    <message>
        <source>in the launcher's output</source>
        <translation>ランチャーの出力に</translation>
    </message>
</context>
<context>
    <name>diff.log.launcher</name>
    <message>
        <source>launcher</source>
        <translation>ランチャー</translation>
    </message>
</context>
<context>
    <name>diff.log.lessOften</name>
    <message>
        <source>%1 is logged %2 less often %3 (%4 vs %5 in the baseline).</source>
        <translation>%1 の記録頻度（%3）はベースラインの %2 分の 1 です（%4、ベースラインは %5）。</translation>
    </message>
</context>
<context>
    <name>diff.log.moreOften</name>
    <message>
        <source>%1 is logged %2 as often %3 (%4 vs %5 in the baseline).</source>
        <translation>%1 の記録頻度（%3）はベースラインの %2 です（%4、ベースラインは %5）。</translation>
    </message>
</context>
<context>
    <name>diff.log.new</name>
    <message>
        <source>New log template %1: %2 (%3).</source>
        <translation>新しいログテンプレートが %1出現：%2（%3）。</translation>
    </message>
</context>
<context>
    <name>diff.log.newAmongTheRanks</name>
    <message>
        <source>New log template %1, among the ranks the others wait for: %2 (%3).</source>
        <translation>新しいログテンプレートが %1出現（他のランクが待っているランクの中）：%2（%3）。</translation>
    </message>
</context>
<context>
    <name>diff.log.newOnTheRank</name>
    <message>
        <source>New log template %1, the rank the others wait for: %2 (%3).</source>
        <translation>新しいログテンプレートが %1出現（他のランクが待っているランク）：%2（%3）。</translation>
    </message>
</context>
<context>
    <name>diff.log.onNode</name>
    <message>
        <source>on %1 (%2)</source>
        <translation>%1（%2）で</translation>
    </message>
</context>
<context>
    <name>diff.log.onRanks</name>
    <message>
        <source>on %1</source>
        <translation>%1 で</translation>
    </message>
</context>
<context>
    <name>diff.log.onTwoNodes</name>
    <message>
        <source>on %1 and %2 (%3)</source>
        <translation>%1 と %2（%3）で</translation>
    </message>
</context>
<context>
    <name>diff.log.perRankHour</name>
    <message>
        <source>per rank-hour</source>
        <translation>ランク時間あたり</translation>
    </message>
</context>
<context>
    <name>diff.log.perRankIteration</name>
    <message>
        <source>per rank and iteration</source>
        <translation>ランク・イテレーションあたり</translation>
    </message>
</context>
<context>
    <name>diff.noSignificantChange</name>
    <message>
        <source>No significant change in %1.</source>
        <translation>%1 に有意な変化はありません。</translation>
    </message>
</context>
<context>
    <name>diff.nothingToCompare</name>
    <message>
        <source>Nothing to compare: the runs share no stacks, logs or traces.</source>
        <translation>比較できるものがありません：2 つの実行に共通のスタック、ログ、トレースがありません。</translation>
    </message>
</context>
<context>
    <name>diff.op.asLong</name>
    <message>
        <source>%1 takes %2 as long %3 at the median (%4 vs %5)</source>
        <translation>%1 の中央値の所要時間（%3）は %2 です（%4 対 %5）</translation>
    </message>
</context>
<context>
    <name>diff.op.gone</name>
    <message>
        <source>%1 is gone: it took %2 %3 at the median in the baseline.</source>
        <translation>%1 はなくなりました：ベースラインでの中央値は%3 %2 でした。</translation>
    </message>
</context>
<context>
    <name>diff.op.lessTime</name>
    <message>
        <source>%1 takes %2% less time %3 at the median (%4 vs %5)</source>
        <translation>%1 の中央値の所要時間（%3）は %2% 短くなっています（%4 対 %5）</translation>
    </message>
</context>
<context>
    <name>diff.op.new</name>
    <message>
        <source>%1 is new: %2 %3 at the median on %4.</source>
        <translation>%1 は新規です：%4 で中央値は%3 %2。</translation>
    </message>
</context>
<context>
    <name>diff.op.nowTakesTime</name>
    <message>
        <source>%1 now takes time %2 at the median (%3 vs %4)</source>
        <translation>%1 の中央値の所要時間（%2）がゼロでなくなりました（%3 対 %4）</translation>
    </message>
</context>
<context>
    <name>diff.op.perIteration</name>
    <message>
        <source>per iteration</source>
        <translation>イテレーションあたり</translation>
    </message>
</context>
<context>
    <name>diff.op.perSecondOfTrace</name>
    <message>
        <source>per second of trace</source>
        <translation>トレース 1 秒あたり</translation>
    </message>
</context>
<context>
    <name>diff.op.unchanged</name>
    <message>
        <source>%1 unchanged at the median</source>
        <translation>%1 の中央値は変わらず</translation>
    </message>
</context>
<context>
    <name>diff.section.logs</name>
    <message>
        <source>logs</source>
        <translation>ログ</translation>
    </message>
</context>
<context>
    <name>diff.section.ops</name>
    <message>
        <source>op timing</source>
        <translation>演算の所要時間</translation>
    </message>
</context>
<context>
    <name>diff.section.stacks</name>
    <message>
        <source>stacks</source>
        <translation>スタック</translation>
    </message>
</context>
<context>
    <name>diff.share</name>
    <message>
        <source>%1 of %2 ranks (%3%)</source>
        <translation>%2 ランク中 %1 ランク (%3%)</translation>
    </message>
</context>
<context>
    <name>diff.share.ofOne</name>
    <message>
        <source>%1 of %2 rank (%3%)</source>
        <translation>%2 ランク中 %1 ランク (%3%)</translation>
    </message>
</context>
<context>
    <name>diff.stack.down</name>
    <message>
        <source>%1 now holds %2, down from %3 in the baseline.</source>
        <translation>%1 には現在 %2 がいます。ベースラインの %3 から減っています。</translation>
    </message>
</context>
<context>
    <name>diff.stack.fewMovedAlone</name>
    <message>
        <source>%1 are now in %2, where no rank of the baseline was, while %3 moved to %4.</source>
        <translation>%1 が現在 %2 にいます。ベースラインではどのランクもここにいませんでした。一方、%3 は %4 に移りました。</translation>
    </message>
</context>
<context>
    <name>diff.stack.gone</name>
    <message>
        <source>No rank is in %1 any more; %2 of the baseline were.</source>
        <translation>%1 にいるランクはもうありません。ベースラインでは %2 がいました。</translation>
    </message>
</context>
<context>
    <name>diff.stack.new</name>
    <message>
        <source>%1 are now in %2; none were in the baseline.</source>
        <translation>%1 が現在 %2 にいます。ベースラインでは 1 つもいませんでした。</translation>
    </message>
</context>
<context>
    <name>diff.stack.newOne</name>
    <message>
        <source>Rank %1 (1 of %2) is now in %3, where no rank of the baseline was.</source>
        <translation>ランク %1（%2 個中 1 個）は現在 %3 にいます。ベースラインではどのランクもここにいませんでした。</translation>
    </message>
</context>
<context>
    <name>diff.stack.oneMovedAlone</name>
    <message>
        <source>Rank %1 (1 of %2) is now in %3, where no rank of the baseline was, while %4 moved to %5.</source>
        <translation>ランク %1（%2 個中 1 個）は現在 %3 にいます。ベースラインではどのランクもここにいませんでした。一方、%4 は %5 に移りました。</translation>
    </message>
</context>
<context>
    <name>diff.stack.oneOther</name>
    <message>
        <source>one other rank</source>
        <translation>もう 1 つのランク</translation>
    </message>
</context>
<context>
    <name>diff.stack.theOthers</name>
    <message>
        <source>the other %1 ranks</source>
        <translation>残りの %1 ランク</translation>
    </message>
</context>
<context>
    <name>diff.stack.up</name>
    <message>
        <source>%1 now holds %2, up from %3 in the baseline.</source>
        <translation>%1 には現在 %2 がいます。ベースラインの %3 から増えています。</translation>
    </message>
</context>
<context>
    <name>diff.stepSeries.less</name>
    <message>
        <source>Iterations take %1, %2% less than the baseline's %3 (median of iterations %4 against %5; the first %6 iteration lines skipped as warm-up).</source>
        <translation>イテレーションの所要時間は %1 で、ベースラインの %3 より %2% 短くなっています（イテレーション %4 と %5 の中央値。ウォームアップとして最初の %6 行を除外）。</translation>
    </message>
</context>
<context>
    <name>diff.stepSeries.lessWarmups</name>
    <message>
        <source>Iterations take %1, %2% less than the baseline's %3 (median of iterations %4 against %5; the first %6 and %7 iteration lines skipped as warm-up).</source>
        <translation>イテレーションの所要時間は %1 で、ベースラインの %3 より %2% 短くなっています（イテレーション %4 と %5 の中央値。ウォームアップとして最初の %6 行と %7 行を除外）。</translation>
    </message>
</context>
<context>
    <name>diff.stepSeries.longer</name>
    <message>
        <source>Iterations take %1, %2% longer than the baseline's %3 (median of iterations %4 against %5; the first %6 iteration lines skipped as warm-up).</source>
        <translation>イテレーションの所要時間は %1 で、ベースラインの %3 より %2% 長くなっています（イテレーション %4 と %5 の中央値。ウォームアップとして最初の %6 行を除外）。</translation>
    </message>
</context>
<context>
    <name>diff.stepSeries.longerWarmups</name>
    <message>
        <source>Iterations take %1, %2% longer than the baseline's %3 (median of iterations %4 against %5; the first %6 and %7 iteration lines skipped as warm-up).</source>
        <translation>イテレーションの所要時間は %1 で、ベースラインの %3 より %2% 長くなっています（イテレーション %4 と %5 の中央値。ウォームアップとして最初の %6 行と %7 行を除外）。</translation>
    </message>
</context>
<context>
    <name>diff.stepTime.fell</name>
    <message>
        <source>Step time p90 fell from %1 to %2 (%3).</source>
        <translation>ステップ時間の p90 が %1 から %2 に減りました（%3）。</translation>
    </message>
</context>
<context>
    <name>diff.stepTime.rose</name>
    <message>
        <source>Step time p90 rose from %1 to %2 (%3).</source>
        <translation>ステップ時間の p90 が %1 から %2 に増えました（%3）。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.logMore</name>
    <message>
        <source>%1 logged %2 %3 as often as the baseline did.</source>
        <translation>%1 は %2 をベースラインの %3 の頻度で記録しました。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.logNew</name>
    <message>
        <source>%1 logged %2, which the baseline never did (%3 events).</source>
        <translation>%1 が %2 を記録しました。ベースラインには一度もありません（%3 件）。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.logNewOnce</name>
    <message>
        <source>%1 logged %2 once, which the baseline never did.</source>
        <translation>%1 が %2 を 1 回記録しました。ベースラインには一度もありません。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.opSlower</name>
    <message>
        <source>%1 takes %2 as long per iteration at the median over ranks (%3 against %4).</source>
        <translation>ランクの中央値で、%1 の 1 イテレーションあたりの時間はベースラインの %2 です（%3 対 %4）。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.stackMore</name>
    <message>
        <source>%1 now in %2, %3% of the ranks against %4% in the baseline.</source>
        <translation>%1 は現在 %2 にいます。ランクの %3%（ベースラインでは %4%）です。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.stackNew</name>
    <message>
        <source>%1 now in %2, where no rank of the baseline was.</source>
        <translation>%1 は現在 %2 にいます。ベースラインではどのランクもそこにいませんでした。</translation>
    </message>
</context>
<context>
    <name>findings.collectives.waiting</name>
    <message>
        <source>%1 wait in %2 #%3 of %4.</source>
        <translation>%1 は %4 の %2 #%3 で待機しています。</translation>
    </message>
</context>
<context>
    <name>findings.collectives.waitingGroup</name>
    <message>
        <source>%1 wait in %2.</source>
        <translation>%1 は %2 で待機しています。</translation>
    </message>
</context>
<context>
    <name>findings.collectives.waitingSeq</name>
    <message>
        <source>%1 wait at #%2 of %3.</source>
        <translation>%1 は %3 の #%2 で待機しています。</translation>
    </message>
</context>
<context>
    <name>findings.culprit.likely</name>
    <message>
        <source>%1 most likely started it (evidence from %2).</source>
        <translation>%1 が発端である可能性が最も高い（根拠：%2）。</translation>
    </message>
</context>
<context>
    <name>findings.culprit.weak</name>
    <message>
        <source>%1 may have started it (weak evidence from %2).</source>
        <translation>%1 が発端の可能性があります（根拠は弱い：%2）。</translation>
    </message>
</context>
<context>
    <name>findings.layer.baseline</name>
    <message>
        <source>the baseline comparison</source>
        <translation>ベースラインとの比較</translation>
    </message>
</context>
<context>
    <name>findings.layer.collectives</name>
    <message>
        <source>the collective records</source>
        <translation>集団通信の記録</translation>
    </message>
</context>
<context>
    <name>findings.layer.logs</name>
    <message>
        <source>the logs</source>
        <translation>ログ</translation>
    </message>
</context>
<context>
    <name>findings.layer.stacks</name>
    <message>
        <source>the stacks</source>
        <translation>スタック</translation>
    </message>
</context>
<context>
    <name>findings.layer.traces</name>
    <message>
        <source>the profiler traces</source>
        <translation>プロファイラーのトレース</translation>
    </message>
</context>
<context>
    <name>findings.list.and</name>
    <message>
        <source>%1 and %2</source>
        <translation>%1 と %2</translation>
    </message>
</context>
<context>
    <name>findings.need.baseline</name>
    <message>
        <source>a healthy run of the same job to compare with (--baseline)</source>
        <translation>比較に使う同じジョブの正常な実行（--baseline）</translation>
    </message>
</context>
<context>
    <name>findings.need.flightRecorder</name>
    <message>
        <source>a Flight Recorder dump of every rank (TORCH_NCCL_TRACE_BUFFER_SIZE=2000, TORCH_NCCL_DUMP_ON_TIMEOUT=1), to see who never joined which collective</source>
        <translation>全ランクの Flight Recorder ダンプ（TORCH_NCCL_TRACE_BUFFER_SIZE=2000、TORCH_NCCL_DUMP_ON_TIMEOUT=1）。どのランクがどの集団通信に参加しなかったかがわかります</translation>
    </message>
</context>
<context>
    <name>findings.need.logs</name>
    <message>
        <source>the logs of every rank (the launcher's output or one file per rank)</source>
        <translation>全ランクのログ（ランチャーの出力、またはランクごとのファイル）</translation>
    </message>
</context>
<context>
    <name>findings.need.moreProfilerSteps</name>
    <message>
        <source>two more profiler steps (a capture of at least three iterations), to tell a lasting straggler from one slow step</source>
        <translation>プロファイラーのステップをあと 2 つ（少なくとも 3 イテレーションの取得）。持続的なストラグラーと一度だけ遅いステップを見分けられます</translation>
    </message>
</context>
<context>
    <name>findings.need.moreStackSamples</name>
    <message>
        <source>two or three more stack dumps of every rank, a few seconds apart (py-spy dump), to tell stuck ranks from slow ones</source>
        <translation>各ランクのスタックダンプをあと 2〜3 回、数秒おきに取得すること（py-spy dump）。止まっているランクと遅いだけのランクを見分けられます</translation>
    </message>
</context>
<context>
    <name>findings.need.nodeLogs</name>
    <message>
        <source>each node's own logs: NCCL WARN lines (NCCL_DEBUG=WARN), InfiniBand errors and GPU Xid errors (dmesg)</source>
        <translation>各ノード自身のログ：NCCL WARN の行（NCCL_DEBUG=WARN）、InfiniBand のエラー、GPU の Xid エラー（dmesg）</translation>
    </message>
</context>
<context>
    <name>findings.need.profilerTraces</name>
    <message>
        <source>a PyTorch profiler trace of every rank over a few steps, to see who is slow at its own work</source>
        <translation>全ランクの数ステップ分の PyTorch プロファイラートレース。自分の処理が遅いランクがわかります</translation>
    </message>
</context>
<context>
    <name>findings.need.stackDumps</name>
    <message>
        <source>a stack dump of every rank while the job hangs (py-spy dump)</source>
        <translation>ジョブが止まっている間の全ランクのスタックダンプ（py-spy dump）</translation>
    </message>
</context>
<context>
    <name>findings.ranks.manyStart</name>
    <message>
        <source>Ranks %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>findings.ranks.oneStart</name>
    <message>
        <source>Rank %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>findings.subject.node</name>
    <message>
        <source>%1 (ranks %2)</source>
        <translation>%1（ランク %2）</translation>
    </message>
</context>
<context>
    <name>findings.subject.rankOnNode</name>
    <message>
        <source>rank %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>findings.subject.rankOnNodeStart</name>
    <message>
        <source>Rank %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>findings.subject.ranksOnNode</name>
    <message>
        <source>ranks %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>findings.subject.ranksOnNodeStart</name>
    <message>
        <source>Ranks %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>findings.traces.waiting</name>
    <message>
        <source>%1 wait for %2 in the collectives.</source>
        <translation>%1 は集団通信で %2 を待っています。</translation>
    </message>
</context>
<context>
    <name>findings.undecided.cannotTell</name>
    <message>
        <source>No layer can tell which rank or node started it.</source>
        <translation>どのレイヤーからも、発端となったランクやノードを特定できません。</translation>
    </message>
</context>
<context>
    <name>findings.undecided.noData</name>
    <message>
        <source>The bundle holds nothing to compare.</source>
        <translation>バンドルには比較できるものがありません。</translation>
    </message>
</context>
<context>
    <name>findings.undecided.nothingStandsOut</name>
    <message>
        <source>No rank or node stands out in %1.</source>
        <translation>%1 には目立つランクやノードはありません。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.disagree</name>
    <message>
        <source>The layers disagree: the evidence from %1 points at %2 instead; both are listed.</source>
        <translation>レイヤー間で結論が食い違っています。%1 の根拠は %2 を指しています。両方を挙げています。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.waitMany</name>
    <message>
        <source>%1 only wait for it.</source>
        <translation>%1 はそれを待っているだけです。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.waitsOne</name>
    <message>
        <source>%1 only waits for it.</source>
        <translation>%1 はそれを待っているだけです。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.wouldConfirm</name>
    <message>
        <source>What would confirm it: %1.</source>
        <translation>確かめるのに役立つデータ：%1。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.wouldSettle</name>
    <message>
        <source>What would settle it: %1.</source>
        <translation>結論を出すのに必要なデータ：%1。</translation>
    </message>
</context>
<context>
    <name>list.comma</name>
    <message>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
</context>
<context>
    <name>list.or</name>
    <message>
        <source>%1 or %2</source>
        <translation>%1 または %2</translation>
    </message>
</context>
<context>
    <name>list.semicolon</name>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
</context>
<context>
    <name>logs.at</name>
    <message>
        <source>%1 at %2</source>
        <translation>%1、%2</translation>
    </message>
</context>
<context>
    <name>logs.baseline.higherRate</name>
    <message>
        <source>%1; also in the healthy baseline at a higher rate</source>
        <translation>%1；正常なベースラインにもより高い頻度で存在</translation>
    </message>
</context>
<context>
    <name>logs.baseline.similarRate</name>
    <message>
        <source>%1; also in the healthy baseline at a similar rate</source>
        <translation>%1；正常なベースラインにも同程度の頻度で存在</translation>
    </message>
</context>
<context>
    <name>logs.cause.rootFailure</name>
    <message>
        <source>rank %1's failure (%2, torchrun's first observed failure)</source>
        <translation>ランク %1 の障害（%2、torchrun が最初に検出した障害）</translation>
    </message>
</context>
<context>
    <name>logs.cause.template</name>
    <message>
        <source>%1's %2</source>
        <translation>%1 の %2</translation>
    </message>
</context>
<context>
    <name>logs.effect.nodeMate</name>
    <message>
        <source>a node-mate of %1, stopped when it failed (torchrun stops a node's other workers when one fails)</source>
        <translation>%1 と同じノードのランク。その障害時に停止（torchrun はワーカーが 1 つ失敗するとノードの他のワーカーを停止します）</translation>
    </message>
</context>
<context>
    <name>logs.effect.nodeMateSigterm</name>
    <message>
        <source>a node-mate of %1, stopped with SIGTERM by torchrun on %2 when it failed</source>
        <translation>%1 と同じノードのランク。その障害時に %2 の torchrun が SIGTERM で停止</translation>
    </message>
</context>
<context>
    <name>logs.effect.stopped</name>
    <message>
        <source>torchrun stopped it (%1) after %2</source>
        <translation>%2 の後に torchrun が停止（%1）</translation>
    </message>
</context>
<context>
    <name>logs.exit.code</name>
    <message>
        <source>exit code %1</source>
        <translation>終了コード %1</translation>
    </message>
</context>
<context>
    <name>logs.exit.signal</name>
    <message>
        <source>signal %1</source>
        <translation>シグナル %1</translation>
    </message>
</context>
<context>
    <name>logs.node.allLogged</name>
    <message>
        <source>all %1 of its ranks logged %2 (%3), which %4 other ranks did not</source>
        <translation>その全 %1 ランクが %2（%3）を記録（他の %4 ランクは記録なし）</translation>
    </message>
</context>
<context>
    <name>logs.node.label</name>
    <message>
        <source>%1 (ranks %2)</source>
        <translation>%1（ランク %2）</translation>
    </message>
</context>
<context>
    <name>logs.node.ownLog</name>
    <message>
        <source>%1 (%2) in the node's own log</source>
        <translation>ノード自身のログの %1（%2）</translation>
    </message>
</context>
<context>
    <name>logs.node.someLogged</name>
    <message>
        <source>%1 of its %2 ranks logged %3 (%4), which %5 other ranks did not</source>
        <translation>その %2 ランク中 %1 ランクが %3（%4）を記録（他の %5 ランクは記録なし）</translation>
    </message>
</context>
<context>
    <name>logs.node.suspects</name>
    <message>
        <source>%1 of its %2 ranks are suspects, e.g. %3</source>
        <translation>その %2 ランク中 %1 ランクが容疑対象。例：%3</translation>
    </message>
</context>
<context>
    <name>logs.on</name>
    <message>
        <source>%1 on %2</source>
        <translation>%1、%2 上</translation>
    </message>
</context>
<context>
    <name>logs.rank.lacks</name>
    <message>
        <source>lacks %1 that %2 other ranks logged</source>
        <translation>他の %2 ランクが記録した %1 がない</translation>
    </message>
</context>
<context>
    <name>logs.rank.lacksWaitedFor</name>
    <message>
        <source>lacks %1 that %2 other ranks logged (possibly the rank they wait for)</source>
        <translation>他の %2 ランクが記録した %1 がない（それらが待っているランクかもしれません）</translation>
    </message>
</context>
<context>
    <name>logs.rank.logged</name>
    <message>
        <source>logged %1 (%2), which %3 other ranks did not</source>
        <translation>%1（%2）を記録（他の %3 ランクは記録なし）</translation>
    </message>
</context>
<context>
    <name>logs.rank.onNode</name>
    <message>
        <source>rank %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>logs.rank.onNodeStart</name>
    <message>
        <source>Rank %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>logs.rank.rootCause</name>
    <message>
        <source>torchrun's first observed failure (%1)</source>
        <translation>torchrun が最初に検出した障害（%1）</translation>
    </message>
</context>
<context>
    <name>logs.rank.start</name>
    <message>
        <source>Rank %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>logs.rank.stoppedEarly</name>
    <message>
        <source>nothing after iteration %1 while others reached %2</source>
        <translation>イテレーション %1 以降の記録なし（他のランクは %2 に到達）</translation>
    </message>
</context>
<context>
    <name>logs.summary.nextTemplate</name>
    <message>
        <source>template %1</source>
        <translation>テンプレート %1</translation>
    </message>
</context>
<context>
    <name>logs.summary.none</name>
    <message>
        <source>No suspicious log templates or ranks: %1 templates over %2 ranks look alike.</source>
        <translation>疑わしいログテンプレートやランクはありません：%2 ランクにわたる %1 個のテンプレートはどれも同様です。</translation>
    </message>
</context>
<context>
    <name>logs.summary.template</name>
    <message>
        <source>Template %1</source>
        <translation>テンプレート %1</translation>
    </message>
</context>
<context>
    <name>logs.suspect</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>logs.suspect.effect</name>
    <message>
        <source>%1; an effect: %2</source>
        <translation>%1；波及による結果：%2</translation>
    </message>
</context>
<context>
    <name>logs.template.burst</name>
    <message>
        <source>%1; in a burst</source>
        <translation>%1；集中して発生</translation>
    </message>
</context>
<context>
    <name>logs.template.echo</name>
    <message>
        <source>%1; echo of %2</source>
        <translation>%1；%2 の波及</translation>
    </message>
</context>
<context>
    <name>logs.template.from</name>
    <message>
        <source>%1 from %2</source>
        <translation>%1、%2 から</translation>
    </message>
</context>
<context>
    <name>logs.template.iteration</name>
    <message>
        <source>%1 (iteration %2)</source>
        <translation>%1（イテレーション %2）</translation>
    </message>
</context>
<context>
    <name>logs.template.launcherOutput</name>
    <message>
        <source>launcher output</source>
        <translation>ランチャーの出力</translation>
    </message>
</context>
<context>
    <name>logs.template.missing</name>
    <message>
        <source>%1; missing on %2</source>
        <translation>%1；%2 にはなし</translation>
    </message>
</context>
<context>
    <name>logs.template.newLate</name>
    <message>
        <source>%1; new late in the job</source>
        <translation>%1；ジョブの後半に新たに出現</translation>
    </message>
</context>
<context>
    <name>logs.template.nodeLog</name>
    <message>
        <source>%1's own log</source>
        <translation>%1 自身のログ</translation>
    </message>
</context>
<context>
    <name>logs.template.nodesLog</name>
    <message>
        <source>the own logs of %1 and %2 more nodes</source>
        <translation>%1 とほか %2 ノード自身のログ</translation>
    </message>
</context>
<context>
    <name>logs.template.reason</name>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Find the rank that stalls a distributed training job: merged cross-rank flame graphs of py-spy dumps, with the ranks that have, miss or sent no data for every frame.</source>
        <translation>分散学習ジョブを停滞させているランクを見つけます：py-spy ダンプをランク横断でマージしたフレームグラフと、各フレームについてそれを持つランク・持たないランク・データを送らなかったランクを示します。</translation>
    </message>
    <message>
        <source>Open the built-in demo bundle.</source>
        <translation>組み込みのデモバンドルを開きます。</translation>
    </message>
    <message>
        <source>Picture to write (.png or .svg).</source>
        <translation>書き出す画像（.png または .svg）。</translation>
    </message>
    <message>
        <source>Frame identity: function, file or line.</source>
        <translation>フレームの同一性：function、file、line のいずれか。</translation>
    </message>
    <message>
        <source>Threads: main, all, or a thread name.</source>
        <translation>スレッド：main、all、またはスレッド名。</translation>
    </message>
    <message>
        <source>Exported picture width in pixels.</source>
        <translation>書き出す画像の幅（ピクセル）。</translation>
    </message>
    <message>
        <source>User interface language (zh_CN, ja, en).</source>
        <translation>ユーザーインターフェースの言語（zh_CN、ja、en）。</translation>
    </message>
    <message>
        <source>Open the bundle, save a picture of the whole window to FILE once the analysis is shown, and quit (for docs).</source>
        <translation>バンドルを開き、解析結果が表示されたらウィンドウ全体の画像を FILE に保存して終了します（ドキュメント用）。</translation>
    </message>
    <message>
        <source>cannot write the demo bundle: %1</source>
        <translation>デモバンドルを書き込めません：%1</translation>
    </message>
    <message>
        <source>Which demo --demo opens: hang-dataloader (stacks of a hang), straggler-gpu or slow-node (profiler traces).</source>
        <translation>--demo で開くデモ：hang-dataloader（ハング時のスタック）、straggler-gpu または slow-node（プロファイラーのトレース）。</translation>
    </message>
    <message>
        <source>Heatmap metric for --export-view heatmap (step_time, compute, communication, exposed_comm, ...).</source>
        <translation>--export-view heatmap で使うヒートマップの指標（step_time、compute、communication、exposed_comm など）。</translation>
    </message>
    <message>
        <source>A healthy run (folder or archive) to compare the bundle with, side by side (the Diff view).</source>
        <translation>バンドルと並べて比較する正常な実行（フォルダーまたはアーカイブ）。「差分」ビューに表示します。</translation>
    </message>
    <message>
        <source>no baseline: use --baseline or "baseline" in the bundle's job.json</source>
        <translation>ベースラインがありません：--baseline を使うか、バンドルの job.json に "baseline" を書いてください</translation>
    </message>
    <message>
        <source>both runs need profiler traces for the heatmap difference</source>
        <translation>ヒートマップの差分には両方の実行にプロファイラーのトレースが必要です</translation>
    </message>
    <message>
        <source>Job bundle: a folder, .tar, .tar.gz or .tar.zst archive, or a single trace, stack dump or log.</source>
        <translation>ジョブバンドル：フォルダー、.tar、.tar.gz、.tar.zst アーカイブ、または単一のトレース、スタックダンプ、ログ。</translation>
    </message>
    <message>
        <source>Render VIEW (flamegraph, heatmap, diff or collectives) to --out without a window.</source>
        <translation>ウィンドウを開かずに VIEW（flamegraph、heatmap、diff、collectives）を --out に描画します。</translation>
    </message>
    <message>
        <source>Window size for --screenshot, WIDTHxHEIGHT in pixels (default: 1500x900).</source>
        <translation>--screenshot のウィンドウサイズ。WIDTHxHEIGHT（ピクセル、既定値：1500x900）。</translation>
    </message>
    <message>
        <source>--window-size needs WIDTHxHEIGHT, e.g. 1024x768</source>
        <translation>--window-size には WIDTHxHEIGHT を指定してください（例：1024x768）</translation>
    </message>
    <message>
        <source>View to show first: overview (the default), stacks, functions (the Stacks view with its Functions table on the top suspect's frame), heatmap, logs, logs-steps (the Logs tab's step-time and loss chart), diff, heatmap-diff (the heatmap minus the baseline's) or collectives.</source>
        <translation>最初に表示するビュー：overview（既定）、stacks、functions（スタックビューと最上位の疑わしいフレームの関数表）、heatmap、logs、logs-steps（ログタブのステップ時間と損失のグラフ）、diff、heatmap-diff（ヒートマップからベースラインを引いたもの）、collectives。</translation>
    </message>
    <message>
        <source>Write the incident report of the bundle to FILE (HTML, or Markdown with a folder of pictures for .md) once every layer is loaded, and quit.</source>
        <translation>すべてのレイヤーを読み込んだ後、バンドルのインシデントレポートを FILE に書き出して終了します（HTML、.md なら Markdown と画像フォルダー）。</translation>
    </message>
    <message>
        <source>--report needs a bundle (or --demo)</source>
        <translation>--report にはバンドル（または --demo）が必要です</translation>
    </message>
    <message>
        <source>not every layer loaded in time; the report has what was in</source>
        <translation>すべてのレイヤーが時間内に読み込まれませんでした。レポートには読み込めた内容が入ります</translation>
    </message>
</context>
<context>
    <name>notes.field.missing</name>
    <message>
        <source>"%1" is missing</source>
        <translation>「%1」がありません</translation>
    </message>
</context>
<context>
    <name>notes.field.range</name>
    <message>
        <source>"%1" is out of range</source>
        <translation>「%1」が範囲外です</translation>
    </message>
</context>
<context>
    <name>notes.field.tooLong</name>
    <message>
        <source>"%1" is longer than %2</source>
        <translation>「%1」が %2 より長い</translation>
    </message>
</context>
<context>
    <name>notes.field.type</name>
    <message>
        <source>"%1" is not %2</source>
        <translation>「%1」が%2ではありません</translation>
    </message>
</context>
<context>
    <name>notes.field.typeName</name>
    <message>
        <source>a string</source>
        <translation>文字列</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>オブジェクト</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>配列</translation>
    </message>
    <message>
        <source>four finite numbers</source>
        <translation>4 つの有限の数</translation>
    </message>
</context>
<context>
    <name>notes.field.value</name>
    <message>
        <source>"%1" has a value rankscope does not know</source>
        <translation>「%1」の値を rankscope は認識できません</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.changing</name>
    <message>
        <source>%1 changed while it was read: not imported</source>
        <translation>%1 は読み込み中に変更されました：インポートしません</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.newer</name>
    <message>
        <source>%1 was written by a newer rankscope (notes format %2; this one reads up to %3): not imported</source>
        <translation>%1 は新しい rankscope で書かれています（メモ形式 %2。このバージョンは %3 まで読めます）：インポートしません</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.noVersion</name>
    <message>
        <source>%1 has no valid "version": not imported</source>
        <translation>%1 に有効な「version」がありません：インポートしません</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.notFile</name>
    <message>
        <source>%1 is not a regular file</source>
        <translation>%1 は通常のファイルではありません</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.notJson</name>
    <message>
        <source>%1 is not valid JSON (%2): not imported</source>
        <translation>%1 は有効な JSON ではありません（%2）：インポートしません</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.notNotes</name>
    <message>
        <source>%1 is not a rankscope notes file (it needs "format": "rankscope-notes" and a "notes" list)</source>
        <translation>%1 は rankscope のメモファイルではありません（"format": "rankscope-notes" と "notes" の一覧が必要です）</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.noteSkipped</name>
    <message>
        <source>note %1 left out: %2</source>
        <translation>メモ %1 は除外: %2</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.tooDeep</name>
    <message>
        <source>%1 nests deeper than a notes file does: not imported</source>
        <translation>%1 はメモファイルとしては入れ子が深すぎます：インポートしません</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.tooLarge</name>
    <message>
        <source>%1 is %2 MiB; a notes file may have at most %3 MiB: not imported</source>
        <translation>%1 は %2 MiB です。メモファイルは最大 %3 MiB です：インポートしません</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.tooMany</name>
    <message>
        <source>%1 holds %2 notes; the first %3 were read</source>
        <translation>%1 には %2 件のメモがあります。最初の %3 件を読み込みました</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.unreadable</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 を読み込めません: %2</translation>
    </message>
</context>
<context>
    <name>ordinal.nd</name>
    <message>
        <source>%1nd</source>
        <translation>%1</translation>
    </message>
</context>
<context>
    <name>ordinal.rd</name>
    <message>
        <source>%1rd</source>
        <translation>%1</translation>
    </message>
</context>
<context>
    <name>ordinal.st</name>
    <message>
        <source>%1st</source>
        <translation>%1</translation>
    </message>
</context>
<context>
    <name>ordinal.th</name>
    <message>
        <source>%1th</source>
        <translation>%1</translation>
    </message>
</context>
<context>
    <name>ranks.many</name>
    <message>
        <source>ranks %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>ranks.node</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>ranks.one</name>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>rankscope::AnomalyTimeline</name>
    <message>
        <source> UTC</source>
        <translation> UTC</translation>
    </message>
    <message>
        <source>%1%2: %3</source>
        <translation>%1%2：%3</translation>
    </message>
    <message>
        <source>%1, %2 UTC: %3</source>
        <translation>%1、%2 UTC：%3</translation>
    </message>
</context>
<context>
    <name>rankscope::CollectiveFindingsPanel</name>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>グループ</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>シーケンス</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Collective findings</source>
        <translation>集合通信の所見</translation>
    </message>
    <message>
        <source>No collectives analysed yet.</source>
        <translation>集合通信はまだ解析されていません。</translation>
    </message>
    <message>
        <source>%1 (undecided)</source>
        <translation>%1（判定不能）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>A consequence of a finding above: %1</source>
        <translation>上の所見の結果：%1</translation>
    </message>
    <message>
        <source>No suspects in the collectives.</source>
        <translation>集合通信に容疑者はいません。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation><numerusform>%n ランク：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation><numerusform>%n ランク：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n times)</source>
        <translation><numerusform>%1（%n 回）</numerusform></translation>
    </message>
    <message>
        <source>1 more note (hover to read it).</source>
        <translation>ほかに注記が 1 件あります（ホバーで表示）。</translation>
    </message>
    <message numerus="yes">
        <source>%n more notes (hover to read them).</source>
        <translation><numerusform>ほかに注記が %n 件あります（ホバーで表示）。</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::CollectiveStripWidget</name>
    <message>
        <source>Ranks by collective sequence</source>
        <translation>集合通信シーケンス別のランク</translation>
    </message>
</context>
<context>
    <name>rankscope::CollectivesView</name>
    <message>
        <source>Process group:</source>
        <translation>プロセスグループ：</translation>
    </message>
    <message>
        <source>Process group</source>
        <translation>プロセスグループ</translation>
    </message>
    <message>
        <source>Entry details</source>
        <translation>エントリの詳細</translation>
    </message>
    <message>
        <source>Open a bundle with Flight Recorder dumps, NCCL watchdog lines or profiler traces to line up its collectives.</source>
        <translation>Flight Recorder ダンプ、NCCL ウォッチドッグの行、プロファイラートレースを含むバンドルを開くと、集合通信を揃えて表示します。</translation>
    </message>
    <message>
        <source>No collective records in this bundle.</source>
        <translation>このバンドルには集合通信の記録がありません。</translation>
    </message>
    <message>
        <source>Where the others wait</source>
        <translation>他のランクが待っている位置</translation>
    </message>
    <message>
        <source>Shown by: %1</source>
        <translation>根拠：%1</translation>
    </message>
    <message>
        <source>world size %1</source>
        <translation>ワールドサイズ %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 から %2</translation>
    </message>
    <message>
        <source>Collectives: %1</source>
        <translation>集合通信：%1</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>there are no collectives to export</source>
        <translation>エクスポートする集合通信がありません</translation>
    </message>
    <message numerus="yes">
        <source>Waiting for them: %n rank, %1.</source>
        <translation><numerusform>待っているランク：%n、%1。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Waiting for them: %n ranks, %1.</source>
        <translation><numerusform>待っているランク：%n、%1。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dump</source>
        <translation><numerusform>ダンプ %n 件</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dumps</source>
        <translation><numerusform>ダンプ %n 件</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n Flight Recorder dump of %1 ranks</source>
        <translation><numerusform>%1 ランク中 %n 件の Flight Recorder ダンプ</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n Flight Recorder dumps of %1 ranks</source>
        <translation><numerusform>%1 ランク中 %n 件の Flight Recorder ダンプ</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::CoverageStrip</name>
    <message>
        <source>rank 0</source>
        <translation>ランク 0</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation><numerusform>%n ノード</numerusform></translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>Rank %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>Ranks %1-%2: %3</source>
        <translation>ランク %1-%2：%3</translation>
    </message>
</context>
<context>
    <name>rankscope::DiffSummaryPanel</name>
    <message>
        <source>stacks</source>
        <translation>スタック</translation>
    </message>
    <message>
        <source>logs</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>ops</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>ステップ時間</translation>
    </message>
    <message>
        <source>overall</source>
        <translation>全体</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>変更点</translation>
    </message>
    <message>
        <source>&lt;b&gt;What changed&lt;/b&gt; &amp;nbsp; baseline &lt;b&gt;%1&lt;/b&gt; (%2) &amp;rarr; target &lt;b&gt;%3&lt;/b&gt; (%4)</source>
        <translation>&lt;b&gt;変更点&lt;/b&gt; &amp;nbsp; ベースライン &lt;b&gt;%1&lt;/b&gt;（%2）&amp;rarr; ターゲット &lt;b&gt;%3&lt;/b&gt;（%4）</translation>
    </message>
    <message numerus="yes">
        <source>%n rank</source>
        <translation><numerusform>%n ランク</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation><numerusform>%n ランク</numerusform></translation>
    </message>
    <message>
        <source>Click to show the evidence.</source>
        <translation>クリックすると証拠を表示します。</translation>
    </message>
    <message>
        <source>&lt;b&gt;What changed&lt;/b&gt; &amp;nbsp; no comparison yet</source>
        <translation>&lt;b&gt;変更点&lt;/b&gt; &amp;nbsp; まだ比較していません</translation>
    </message>
</context>
<context>
    <name>rankscope::DiffView</name>
    <message>
        <source>The target has no profiler traces (traces/ folder), so there is no per-op timing to compare.</source>
        <translation>ターゲットにはプロファイラーのトレース（traces/ フォルダー）がないため、比較する操作ごとの時間がありません。</translation>
    </message>
    <message>
        <source>The baseline has no profiler traces (traces/ folder), so there is no per-op timing to compare.</source>
        <translation>ベースラインにはプロファイラーのトレース（traces/ フォルダー）がないため、比較する操作ごとの時間がありません。</translation>
    </message>
    <message>
        <source>No per-op timing to compare: both runs need profiler traces (traces/ folder).</source>
        <translation>比較する操作ごとの時間がありません：両方の実行にプロファイラーのトレース（traces/ フォルダー）が必要です。</translation>
    </message>
    <message>
        <source>Stacks</source>
        <translation>スタック</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Significant changes only</source>
        <translation>有意な変化のみ</translation>
    </message>
    <message>
        <source>Hide templates both runs log at a comparable rate.</source>
        <translation>両方の実行でほぼ同じ頻度で記録されたテンプレートを隠します。</translation>
    </message>
    <message>
        <source>Neither run has stack samples (stacks/ folder).</source>
        <translation>どちらの実行にもスタックサンプル（stacks/ フォルダー）がありません。</translation>
    </message>
    <message>
        <source>Stacks (%1)</source>
        <translation>スタック（%1）</translation>
    </message>
    <message>
        <source>Logs (%1)</source>
        <translation>ログ（%1）</translation>
    </message>
    <message>
        <source>Neither run has logs (logs/ folder), so there are no log templates to compare.</source>
        <translation>どちらの実行にもログ（logs/ フォルダー）がないため、比較するログのテンプレートがありません。</translation>
    </message>
    <message>
        <source>The logs of both runs hold no templates to compare.</source>
        <translation>両方の実行のログに、比較するテンプレートがありません。</translation>
    </message>
    <message>
        <source>rates per rank per iteration</source>
        <translation>頻度はランクあたり・イテレーションあたり</translation>
    </message>
    <message>
        <source>rates per rank per hour (no iteration lines)</source>
        <translation>頻度はランクあたり・1 時間あたり（イテレーションの行なし）</translation>
    </message>
    <message>
        <source>No template changed significantly; clear "Significant changes only" to see all %1.</source>
        <translation>有意に変化したテンプレートはありません。「有意な変化のみ」をオフにすると全 %1 件を表示します。</translation>
    </message>
    <message>
        <source>%1 of %2 templates new, gone or changed in frequency</source>
        <translation>%2 テンプレート中 %1 件が新規・消失・頻度変化</translation>
    </message>
    <message>
        <source>Ops (%1)</source>
        <translation>操作（%1）</translation>
    </message>
    <message>
        <source>Time per iteration: median over the ranks that ran each op, p10–p90 spread.</source>
        <translation>イテレーションあたりの時間：各操作を実行したランクでの中央値と p10–p90 のばらつき。</translation>
    </message>
    <message>
        <source>Time per second of trace (no ProfilerStep ranges): median over the ranks, p10–p90 spread.</source>
        <translation>トレース 1 秒あたりの時間（ProfilerStep の範囲なし）：ランクでの中央値と p10–p90 のばらつき。</translation>
    </message>
    <message>
        <source>No baseline: File &gt; Compare with Baseline…</source>
        <translation>ベースラインがありません：ファイル &gt; ベースラインと比較…</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>baseline %1 vs target %2</source>
        <translation>ベースライン %1 とターゲット %2 の比較</translation>
    </message>
    <message>
        <source>Of %3 ops: %1 slower or new, %2 faster or gone.</source>
        <translation>%3 操作のうち、低速化または新規 %1、高速化または消失 %2。</translation>
    </message>
    <message>
        <source>The target has no logs (logs/ folder): its templates cannot be compared.</source>
        <translation>ターゲットにログ（logs/ フォルダー）がないため、テンプレートを比較できません。</translation>
    </message>
    <message>
        <source>The baseline has no logs (logs/ folder): against it every template of the target would look new, so the logs are not compared.</source>
        <translation>ベースラインにログ（logs/ フォルダー）がありません。比べるとターゲットのすべてのテンプレートが新規に見えるため、ログは比較しません。</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>ステップ時間</translation>
    </message>
    <message>
        <source>Step time (%1)</source>
        <translation>ステップ時間（%1）</translation>
    </message>
</context>
<context>
    <name>rankscope::FlameGraphBreadcrumb</name>
    <message>
        <source>Zoom path</source>
        <translation>ズームの経路</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>全ランク</translation>
    </message>
    <message numerus="yes">
        <source>%n more frame</source>
        <translation><numerusform>ほか %n フレーム</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n more frames</source>
        <translation><numerusform>ほか %n フレーム</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::FlameGraphView</name>
    <message>
        <source>Regex</source>
        <translation>正規表現</translation>
    </message>
    <message>
        <source>Search frames…</source>
        <translation>フレームを検索…</translation>
    </message>
    <message>
        <source>Highlights frames whose name contains the text (case-insensitive), or matches the regular expression when Regex is on.</source>
        <translation>名前にこのテキストを含む（大文字と小文字を区別しない）フレームを強調表示します。「正規表現」がオンのときは正規表現に一致するフレームを強調表示します。</translation>
    </message>
    <message>
        <source>Icicle (root on top)</source>
        <translation>アイシクル（ルートが上）</translation>
    </message>
    <message>
        <source>Flame (root at bottom)</source>
        <translation>フレイム（ルートが下）</translation>
    </message>
    <message>
        <source>Width: ranks</source>
        <translation>幅：ランク数</translation>
    </message>
    <message>
        <source>Width: samples</source>
        <translation>幅：サンプル数</translation>
    </message>
    <message>
        <source>Frame width by the number of ranks through it, or by samples.</source>
        <translation>フレームの幅を、そこを通るランク数またはサンプル数で決めます。</translation>
    </message>
    <message>
        <source>Colour: rank coverage</source>
        <translation>色：ランクのカバー率</translation>
    </message>
    <message>
        <source>Colour: stack class</source>
        <translation>色：スタックの同値クラス</translation>
    </message>
    <message>
        <source>Coverage: share of the ranks with data that have the frame. Stack class: ranks whose latest stacks are identical.</source>
        <translation>カバー率：データのあるランクのうち、そのフレームを持つ割合。スタックの同値クラス：最新のスタックが同一のランク。</translation>
    </message>
    <message>
        <source>invalid pattern</source>
        <translation>無効なパターン</translation>
    </message>
    <message numerus="yes">
        <source>%n frame</source>
        <translation><numerusform>%n フレーム</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n frames</source>
        <translation><numerusform>%n フレーム</numerusform></translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>Ranks through the matching frames: %1</source>
        <translation>一致するフレームを通るランク：%1</translation>
    </message>
</context>
<context>
    <name>rankscope::FlameGraphWidget</name>
    <message>
        <source>Flame graph</source>
        <translation>フレームグラフ</translation>
    </message>
    <message>
        <source>paint %1 ms · worst %2 ms · %3 boxes</source>
        <translation>描画 %1 ms · 最悪 %2 ms · %3 ボックス</translation>
    </message>
    <message>
        <source>Zoom to Frame</source>
        <translation>フレームにズーム</translation>
    </message>
    <message>
        <source>Copy Frame Name</source>
        <translation>フレーム名をコピー</translation>
    </message>
    <message>
        <source>Copy Ranks That Have It</source>
        <translation>持っているランクをコピー</translation>
    </message>
    <message>
        <source>Copy Missing Ranks</source>
        <translation>欠落しているランクをコピー</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>ズームアウト</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>ズームをリセット</translation>
    </message>
    <message>
        <source>Highlight Rank</source>
        <translation>ランクを強調表示</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message numerus="yes">
        <source>%n more ranks not listed</source>
        <translation><numerusform>ほか %n ランクは省略</numerusform></translation>
    </message>
    <message>
        <source>Clear Rank Highlight</source>
        <translation>ランクの強調表示を解除</translation>
    </message>
    <message>
        <source>1 more rank not listed</source>
        <translation>ほか 1 ランクは省略</translation>
    </message>
    <message>
        <source>Drawn wider than its share (dashed underline) so that this branch of few ranks stays readable.</source>
        <translation>少数のランクだけが通るこの分岐は、読めるように実際の割合より広く描いています（破線の下線）。</translation>
    </message>
</context>
<context>
    <name>rankscope::FunctionTableModel</name>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1（%2%）</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message numerus="yes">
        <source>%1
in %n place(s) of the merged tree</source>
        <translation><numerusform>%1
マージしたツリーの %n か所に出現</numerusform></translation>
    </message>
    <message>
        <source>Ranks with a sample through this frame: %1</source>
        <translation>このフレームを通るサンプルがあるランク：%1</translation>
    </message>
    <message>
        <source>No rank's stack ends in this frame.</source>
        <translation>このフレームで終わるスタックを持つランクはありません。</translation>
    </message>
    <message>
        <source>Ranks whose stack ends in this frame (it is the top): %1</source>
        <translation>スタックがこのフレームで終わる（先頭である）ランク：%1</translation>
    </message>
    <message>
        <source>Samples through this frame; a recursive frame counts each stack once.</source>
        <translation>このフレームを通るサンプル数。再帰するフレームはスタックごとに 1 回だけ数えます。</translation>
    </message>
    <message>
        <source>Samples whose stack ends in this frame.</source>
        <translation>スタックがこのフレームで終わるサンプル数。</translation>
    </message>
    <message>
        <source>On no suspect's path.</source>
        <translation>どの疑わしい対象のパスにもありません。</translation>
    </message>
    <message>
        <source>At or below the frame of suspect #%1 (Suspects panel).</source>
        <translation>疑わしい対象 #%1 のフレームまたはその下にあります（「疑わしい対象」パネル）。</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>関数</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Self ranks</source>
        <translation>自己ランク</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>サンプル数</translation>
    </message>
    <message>
        <source>Self samples</source>
        <translation>自己サンプル数</translation>
    </message>
    <message>
        <source>Suspect</source>
        <translation>疑わしい対象</translation>
    </message>
    <message>
        <source>Ranks with a sample through the frame anywhere in the tree, and their share of the ranks with data.</source>
        <translation>ツリーのどこかでこのフレームを通るサンプルがあるランクと、データのあるランクに対するその割合。</translation>
    </message>
    <message>
        <source>Ranks whose stack ends in the frame: what they were doing when sampled.</source>
        <translation>スタックがこのフレームで終わるランク：サンプリング時に実行していた処理。</translation>
    </message>
    <message>
        <source>The best suspect whose frame is this one or one of its callers.</source>
        <translation>フレームがこのフレームまたはその呼び出し元である、最上位の疑わしい対象。</translation>
    </message>
</context>
<context>
    <name>rankscope::FunctionsPanel</name>
    <message>
        <source>Filter functions…</source>
        <translation>関数を絞り込み…</translation>
    </message>
    <message>
        <source>Shows the functions whose name contains the text (case-insensitive). Enter opens the first one in the flame graph.</source>
        <translation>名前にこのテキストを含む関数を表示します（大文字小文字を区別しません）。Enter で最初の関数をフレームグラフで開きます。</translation>
    </message>
    <message>
        <source>Filter functions</source>
        <translation>関数を絞り込み</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>関数</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>関数</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>サンプル数</translation>
    </message>
    <message>
        <source>Callers</source>
        <translation>呼び出し元</translation>
    </message>
    <message>
        <source>Callees</source>
        <translation>呼び出し先</translation>
    </message>
    <message>
        <source>The frames that call the selected function, over every place it occurs, with the ranks through each call.</source>
        <translation>選択した関数を呼び出すフレーム。関数が現れるすべての場所を集計し、各呼び出しを通るランクを示します。</translation>
    </message>
    <message>
        <source>The frames the selected function calls, over every place it occurs, with the ranks through each call.</source>
        <translation>選択した関数が呼び出すフレーム。関数が現れるすべての場所を集計し、各呼び出しを通るランクを示します。</translation>
    </message>
    <message>
        <source>Callers of %1</source>
        <translation>%1 の呼び出し元</translation>
    </message>
    <message>
        <source>Callees of %1</source>
        <translation>%1 の呼び出し先</translation>
    </message>
    <message>
        <source>Ranks through this call: %1</source>
        <translation>この呼び出しを通るランク：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n function(s)</source>
        <translation><numerusform>%n 個の関数</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>rankscope::HeatmapLineChart</name>
    <message>
        <source>Metric by window line chart</source>
        <translation>ウィンドウごとの指標の折れ線グラフ</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>collectives</source>
        <translation>回の集団通信</translation>
    </message>
    <message>
        <source>events</source>
        <translation>件のイベント</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ミリ秒</translation>
    </message>
    <message>
        <source>%1: target − baseline (%2)</source>
        <translation>%1：対象 − ベースライン（%2）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>変化なし</translation>
    </message>
    <message>
        <source>peer median</source>
        <translation>ピア中央値</translation>
    </message>
    <message>
        <source>median, %1</source>
        <translation>中央値、%1</translation>
    </message>
</context>
<context>
    <name>rankscope::HeatmapView</name>
    <message>
        <source>The per-window measurement the cells are coloured by.</source>
        <translation>セルの色分けに使う、ウィンドウごとの測定値。</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>イテレーション</translation>
    </message>
    <message>
        <source>Time bins</source>
        <translation>タイムビン</translation>
    </message>
    <message>
        <source>Columns: one per training iteration (ProfilerStep), or fixed time bins of the aligned clock.</source>
        <translation>列：学習イテレーション（ProfilerStep）ごとに 1 列、または揃えた時計上の固定タイムビン。</translation>
    </message>
    <message>
        <source>When a pixel holds several cells: their maximum (a single slow cell stays visible), mean, or 95th percentile.</source>
        <translation>1 ピクセルに複数のセルがあるとき：その最大（遅いセルが 1 つでも見えます）、平均、または 95 パーセンタイル。</translation>
    </message>
    <message>
        <source>How rows are banded: by node, by role, by a parallel group, or in plain rank order.</source>
        <translation>行のまとめ方：ノード別、ロール別、並列グループ別、または単純なランク順。</translation>
    </message>
    <message>
        <source>Show All</source>
        <translation>すべて表示</translation>
    </message>
    <message>
        <source>Show every rank and window (Home).</source>
        <translation>すべてのランクとウィンドウを表示します（Home）。</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>指標：</translation>
    </message>
    <message>
        <source>Columns:</source>
        <translation>列：</translation>
    </message>
    <message>
        <source>showing %1 × %2</source>
        <translation>%1 × %2 を表示中</translation>
    </message>
    <message numerus="yes">
        <source>%n outlier cell</source>
        <translation><numerusform>外れ値のセル %n 個</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n outlier cells</source>
        <translation><numerusform>外れ値のセル %n 個</numerusform></translation>
    </message>
    <message>
        <source>Difference from baseline</source>
        <translation>ベースラインとの差</translation>
    </message>
    <message>
        <source>Colour each cell by the target run minus the baseline (same rank, aligned iteration): red where the target is higher, blue where it is lower.</source>
        <translation>各セルをターゲットの実行からベースラインを引いた値で色分けします（同じランク、揃えたイテレーション）：ターゲットが高いところは赤、低いところは青。</translation>
    </message>
    <message>
        <source>target − baseline</source>
        <translation>ターゲット − ベースライン</translation>
    </message>
    <message>
        <source>What the colour shows: the value itself, or each cell against the median of its peers in the same window (white at the median, blue below, red above). Automatic: against the peer median for the metrics measured against other ranks.</source>
        <translation>色の意味：値そのもの、または各セルと同じウィンドウのピアの中央値との比較（中央値は白、下回ると青、上回ると赤）。自動：他のランクとの比較で測る指標はピア中央値と比較。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>grid</source>
        <translation>グリッド</translation>
    </message>
    <message>
        <source>lines</source>
        <translation>折れ線</translation>
    </message>
    <message>
        <source>Grid: a coloured cell per rank and window. Lines: one line per rank over the windows (or per window over the ranks), with the peer median dashed. Automatic: lines for up to %1 ranks or up to %2 windows, where cells would be giant blocks.</source>
        <translation>グリッド：ランクとウィンドウごとに色付きのセル。折れ線：ランクごとにウィンドウをまたぐ線（またはウィンドウごとにランクをまたぐ線）、ピア中央値は破線。自動：ランクが %1 以下またはウィンドウが %2 以下なら折れ線（セルが巨大なブロックになるため）。</translation>
    </message>
    <message>
        <source>Pixel:</source>
        <translation>ピクセル：</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>色：</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>行：</translation>
    </message>
    <message>
        <source>Draw:</source>
        <translation>描画：</translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation>利用できません：%1。</translation>
    </message>
    <message>
        <source>No difference: %1</source>
        <translation>差分なし：%1</translation>
    </message>
    <message>
        <source>no difference: %1</source>
        <translation>差分なし：%1</translation>
    </message>
    <message>
        <source>(No value of it in this bundle.)</source>
        <translation>（このバンドルにはその値がありません。）</translation>
    </message>
</context>
<context>
    <name>rankscope::HeatmapWidget</name>
    <message>
        <source>Rank by window heatmap</source>
        <translation>ランク × ウィンドウのヒートマップ</translation>
    </message>
    <message>
        <source>paint %1 ms · worst %2 ms</source>
        <translation>描画 %1 ms · 最悪 %2 ms</translation>
    </message>
    <message>
        <source>Shown: the target run minus the baseline, cell by cell (same rank, aligned window); white is no change.</source>
        <translation>表示：セルごとにターゲットの実行からベースラインを引いた値（同じランク、揃えたウィンドウ）。白は変化なし。</translation>
    </message>
</context>
<context>
    <name>rankscope::LogFilterBar</name>
    <message>
        <source>all, e.g. 0-7,12</source>
        <translation>すべて（例：0-7,12）</translation>
    </message>
    <message>
        <source>Ranks whose lines are shown, as ranges: "0-7,12". Empty: all.</source>
        <translation>行を表示するランク（範囲で指定：「0-7,12」）。空欄：すべて。</translation>
    </message>
    <message>
        <source>A time (UTC) such as "12:31:04" or "2024-05-01 12:31:04.250", or epoch seconds. Empty: open.</source>
        <translation>時刻（UTC）：「12:31:04」や「2024-05-01 12:31:04.250」、またはエポック秒。空欄：制限なし。</translation>
    </message>
    <message>
        <source>start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Show lines from this time on.</source>
        <translation>この時刻以降の行を表示します。</translation>
    </message>
    <message>
        <source>end</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Show lines before this time.</source>
        <translation>この時刻より前の行を表示します。</translation>
    </message>
    <message>
        <source>Heatmap window</source>
        <translation>ヒートマップのウィンドウ</translation>
    </message>
    <message>
        <source>Use the window selected in the heatmap (select a cell first).</source>
        <translation>ヒートマップで選択したウィンドウを使います（先にセルを選択してください）。</translation>
    </message>
    <message>
        <source>All levels</source>
        <translation>すべてのレベル</translation>
    </message>
    <message>
        <source>Fatal only</source>
        <translation>致命的のみ</translation>
    </message>
    <message>
        <source>%1 and worse</source>
        <translation>%1 以上</translation>
    </message>
    <message>
        <source>The least severe level shown. Lines without a level are shown only with "All levels".</source>
        <translation>表示する最も低いレベル。レベルのない行は「すべてのレベル」のときだけ表示されます。</translation>
    </message>
    <message>
        <source>search text</source>
        <translation>検索テキスト</translation>
    </message>
    <message>
        <source>Lines containing this text (case-insensitive), or matching it as a regular expression when ".*" is on.</source>
        <translation>このテキストを含む行（大文字と小文字を区別しない）。「.*」がオンのときは、それを正規表現として一致する行。</translation>
    </message>
    <message>
        <source>Read the search text as a regular expression.</source>
        <translation>検索テキストを正規表現として扱います。</translation>
    </message>
    <message>
        <source>Only the lines of one template (or click one in the table).</source>
        <translation>1 つのテンプレートの行だけを表示します（表でクリックしても選べます）。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>クリア</translation>
    </message>
    <message>
        <source>Remove every filter: show all lines.</source>
        <translation>すべてのフィルターを外して、すべての行を表示します。</translation>
    </message>
    <message>
        <source>Ranks:</source>
        <translation>ランク：</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>開始：</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>終了：</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>レベル：</translation>
    </message>
    <message>
        <source>Text:</source>
        <translation>テキスト：</translation>
    </message>
    <message>
        <source>Template:</source>
        <translation>テンプレート：</translation>
    </message>
    <message>
        <source>Not a rank list.</source>
        <translation>ランクのリストではありません。</translation>
    </message>
    <message>
        <source>Not a time.</source>
        <translation>時刻ではありません。</translation>
    </message>
    <message>
        <source>The end is not after the start.</source>
        <translation>終了が開始より後ではありません。</translation>
    </message>
    <message>
        <source>Not a regular expression: %1</source>
        <translation>正規表現ではありません：%1</translation>
    </message>
    <message>
        <source>template %1</source>
        <translation>テンプレート %1</translation>
    </message>
    <message>
        <source>All templates</source>
        <translation>すべてのテンプレート</translation>
    </message>
    <message>
        <source>Show the lines of the window selected in the heatmap: %1 (%2 – %3).</source>
        <translation>ヒートマップで選択したウィンドウの行を表示します：%1（%2 – %3）。</translation>
    </message>
    <message>
        <source>selection</source>
        <translation>選択範囲</translation>
    </message>
    <message>
        <source>Copies (%1)</source>
        <translation>コピー（%1）</translation>
    </message>
    <message>
        <source>Copies</source>
        <translation>コピー</translation>
    </message>
    <message numerus="yes">
        <source>Also show the %n lines that are copies of a line another file holds (the same event in a rank's own log and in the launcher's output). Every count takes the event once, from the rank's own file; copies are marked "copy".</source>
        <translation><numerusform>別のファイルにもある行のコピー %n 行も表示します（ランク自身のログとランチャーの出力にある同じイベント）。すべての集計はイベントを一度だけ、ランク自身のファイルから数えます。コピーには「コピー」と表示されます。</numerusform></translation>
    </message>
    <message>
        <source>No line of this job is a copy of another file's line.</source>
        <translation>このジョブには別のファイルの行のコピーである行はありません。</translation>
    </message>
</context>
<context>
    <name>rankscope::LogLineView</name>
    <message>
        <source>Log lines</source>
        <translation>ログ行</translation>
    </message>
    <message>
        <source>No log lines.</source>
        <translation>ログ行がありません。</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line not copied</source>
        <translation><numerusform>… ほか %n 行はコピーしていません</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… %n more lines not copied</source>
        <translation><numerusform>… ほか %n 行はコピーしていません</numerusform></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Show rank %1 in the rank detail</source>
        <translation>ランク %1 をランク詳細に表示</translation>
    </message>
    <message>
        <source>Only lines of rank %1</source>
        <translation>ランク %1 の行のみ</translation>
    </message>
    <message>
        <source>Only lines of this template</source>
        <translation>このテンプレートの行のみ</translation>
    </message>
    <message>
        <source>Show %1 in the heatmap</source>
        <translation>ヒートマップで %1 を表示</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>時刻（UTC）</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>レベル</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation>%1 行</translation>
    </message>
    <message numerus="yes">
        <source>+%n line</source>
        <translation><numerusform>+%n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>+%n lines</source>
        <translation><numerusform>+%n 行</numerusform></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>rank %1 on %2</source>
        <translation>%2 のランク %1</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1、%2 行目</translation>
    </message>
    <message>
        <source>Double-click to show the rank's detail.</source>
        <translation>ダブルクリックでランクの詳細を表示します。</translation>
    </message>
    <message>
        <source>Double-click to show this time in the heatmap.</source>
        <translation>ダブルクリックでこの時刻をヒートマップに表示します。</translation>
    </message>
    <message>
        <source>Double-click to show only lines of this template.</source>
        <translation>ダブルクリックでこのテンプレートの行だけを表示します。</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line</source>
        <translation><numerusform>… ほか %n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… %n more lines</source>
        <translation><numerusform>… ほか %n 行</numerusform></translation>
    </message>
    <message>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>A copy of %1: the same event, counted once, there.</source>
        <translation>%1 のコピー：同じイベントで、そちらで一度だけ数えます。</translation>
    </message>
    <message>
        <source>Also in %1 (counted once, here).</source>
        <translation>%1 にもあります（ここで一度だけ数えます）。</translation>
    </message>
    <message numerus="yes">
        <source>Also in %n other places, first %1 (counted once, here).</source>
        <translation><numerusform>ほかに %n か所、最初は %1（ここで一度だけ数えます）。</numerusform></translation>
    </message>
    <message>
        <source>Copy Event Text</source>
        <translation>イベントのテキストをコピー</translation>
    </message>
    <message>
        <source>Collapse Event</source>
        <translation>イベントを折りたたむ</translation>
    </message>
    <message>
        <source>Expand Event</source>
        <translation>イベントを展開</translation>
    </message>
</context>
<context>
    <name>rankscope::LogTemplateDiffModel</name>
    <message>
        <source>new</source>
        <translation>新規</translation>
    </message>
    <message>
        <source>in the baseline: %1</source>
        <translation>ベースラインでは：%1</translation>
    </message>
    <message>
        <source>baseline: %1 events on ranks %2 · target: %3 events on ranks %4</source>
        <translation>ベースライン：ランク %2 で %1 イベント · ターゲット：ランク %4 で %3 イベント</translation>
    </message>
    <message>
        <source>first in the target on rank %1</source>
        <translation>ターゲットではランク %1 で最初に出現</translation>
    </message>
    <message>
        <source>Double-click to show its lines in the target.</source>
        <translation>ダブルクリックでターゲットでの行を表示します。</translation>
    </message>
    <message>
        <source>Events per rank per hour (the run has no iteration lines).</source>
        <translation>ランクあたり・1 時間あたりのイベント数（この実行にはイテレーションの行がありません）。</translation>
    </message>
    <message>
        <source>Events per rank per iteration.</source>
        <translation>ランクあたり・イテレーションあたりのイベント数。</translation>
    </message>
    <message>
        <source>Target rate divided by baseline rate.</source>
        <translation>ターゲットの頻度 ÷ ベースラインの頻度。</translation>
    </message>
    <message>
        <source>The iteration of its first event in the target.</source>
        <translation>ターゲットで最初のイベントが出たイテレーション。</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>Baseline rate</source>
        <translation>ベースラインの頻度</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>ターゲット</translation>
    </message>
    <message>
        <source>Target rate</source>
        <translation>ターゲットの頻度</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比率</translation>
    </message>
    <message>
        <source>Target ranks</source>
        <translation>ターゲットのランク</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>First iter</source>
        <translation>最初のイテレーション</translation>
    </message>
</context>
<context>
    <name>rankscope::LogTemplateDiffTable</name>
    <message>
        <source>Log templates new, gone and changed against the baseline</source>
        <translation>ベースラインと比べて新規・消失・変化したログのテンプレート</translation>
    </message>
</context>
<context>
    <name>rankscope::LogTemplateModel</name>
    <message>
        <source>minority has</source>
        <translation>少数派のみ</translation>
    </message>
    <message>
        <source>minority lacks</source>
        <translation>少数派が欠落</translation>
    </message>
    <message>
        <source>new late</source>
        <translation>後から出現</translation>
    </message>
    <message>
        <source>burst</source>
        <translation>バースト</translation>
    </message>
    <message>
        <source>rank 0 only</source>
        <translation>ランク 0 のみ</translation>
    </message>
    <message>
        <source>control plane</source>
        <translation>コントロールプレーン</translation>
    </message>
    <message>
        <source>Only a minority of the comparable ranks logged it.</source>
        <translation>比較可能なランクのうち少数だけがこれを記録しました。</translation>
    </message>
    <message>
        <source>All but a few comparable ranks logged it: the few may have stopped early.</source>
        <translation>比較可能なランクのうち少数を除くすべてがこれを記録しました。その少数は早く停止した可能性があります。</translation>
    </message>
    <message>
        <source>It first appeared after the job's early phase.</source>
        <translation>ジョブの初期段階の後に初めて現れました。</translation>
    </message>
    <message>
        <source>A rank logged it far more often than in its own history.</source>
        <translation>あるランクが、自身の履歴よりはるかに頻繁にこれを記録しました。</translation>
    </message>
    <message>
        <source>Logged by rank 0 or the launcher only: compared within that role.</source>
        <translation>ランク 0 またはランチャーだけが記録しました：そのロールの中で比較します。</translation>
    </message>
    <message>
        <source>Control-plane noise (progress bars, HTTP, downloads, checkpoint metadata).</source>
        <translation>コントロールプレーンのノイズ（プログレスバー、HTTP、ダウンロード、チェックポイントのメタデータ）。</translation>
    </message>
    <message>
        <source>%1 · iter %2</source>
        <translation>%1 · イテレーション %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation><numerusform>%n ランク：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation><numerusform>%n ランク：%1</numerusform></translation>
    </message>
    <message>
        <source>rank %1 on %2</source>
        <translation>%2 のランク %1</translation>
    </message>
    <message>
        <source>Built-in template: %1</source>
        <translation>組み込みテンプレート：%1</translation>
    </message>
    <message>
        <source>Compared within role: %1</source>
        <translation>ロール内で比較：%1</translation>
    </message>
    <message>
        <source>Template id %1. Click to show its lines.</source>
        <translation>テンプレート ID %1。クリックすると行を表示します。</translation>
    </message>
    <message>
        <source>Has it: %1</source>
        <translation>あり：%1</translation>
    </message>
    <message>
        <source>Comparable ranks without it: %1</source>
        <translation>これを持たない比較可能なランク：%1</translation>
    </message>
    <message>
        <source>First seen %1</source>
        <translation>最初の出現：%1</translation>
    </message>
    <message>
        <source>on rank %1</source>
        <translation>ランク %1 上</translation>
    </message>
    <message>
        <source>in iteration %1</source>
        <translation>イテレーション %1 で</translation>
    </message>
    <message>
        <source>Listed among the suspects of the analysis.</source>
        <translation>分析の疑わしい対象に含まれています。</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>重大度</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>回数</translation>
    </message>
    <message>
        <source>Has ranks</source>
        <translation>持つランク</translation>
    </message>
    <message>
        <source>Missing ranks</source>
        <translation>欠落しているランク</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>最初の出現</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>フラグ</translation>
    </message>
    <message>
        <source>The event with its variable parts replaced by &lt;*&gt; (or by the kind of value: &lt;NUM&gt;, &lt;HEX&gt;, &lt;PATH&gt; …).</source>
        <translation>可変部分を &lt;*&gt;（または値の種類：&lt;NUM&gt;、&lt;HEX&gt;、&lt;PATH&gt; …）に置き換えたイベント。</translation>
    </message>
    <message>
        <source>Events of this template over all ranks.</source>
        <translation>全ランクでのこのテンプレートのイベント数。</translation>
    </message>
    <message>
        <source>Ranks with at least one event of this template.</source>
        <translation>このテンプレートのイベントが 1 つ以上あるランク。</translation>
    </message>
    <message>
        <source>Ranks of the same role without it.</source>
        <translation>同じロールでこれを持たないランク。</translation>
    </message>
    <message>
        <source>Earliest event (UTC) and the iteration its rank was in.</source>
        <translation>最も早いイベント（UTC）と、そのときそのランクがいたイテレーション。</translation>
    </message>
    <message>
        <source>Why the template may matter. Sorting by this column puts the templates with the most warning flags first.</source>
        <translation>このテンプレートが重要かもしれない理由。この列で並べ替えると、警告フラグの多いテンプレートが先頭に来ます。</translation>
    </message>
    <message>
        <source>cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>echo</source>
        <translation>波及</translation>
    </message>
    <message>
        <source>A local fault (CUDA, Xid, ECC, NCCL, a crash or an exception): when few ranks or one node logged it before the echoes, it is where the trouble started.</source>
        <translation>局所的な障害（CUDA、Xid、ECC、NCCL、クラッシュまたは例外）：少数のランクか 1 つのノードが波及より前に記録していれば、そこが問題の始まりです。</translation>
    </message>
    <message>
        <source>What ranks and the launcher print after a fault elsewhere (watchdog timeouts, terminate called, SIGTERM, failure reports): a consequence, not a cause.</source>
        <translation>別の場所の障害の後にランクやランチャーが出力するもの（watchdog タイムアウト、terminate called、SIGTERM、失敗レポート）：原因ではなく結果です。</translation>
    </message>
</context>
<context>
    <name>rankscope::LogTemplateTable</name>
    <message>
        <source>Log templates</source>
        <translation>ログのテンプレート</translation>
    </message>
</context>
<context>
    <name>rankscope::LogsView</name>
    <message>
        <source>Suspicious only</source>
        <translation>疑わしいもののみ</translation>
    </message>
    <message>
        <source>Filter templates</source>
        <translation>テンプレートを絞り込む</translation>
    </message>
    <message>
        <source>Show the templates whose text or built-in name contains this.</source>
        <translation>テキストまたは組み込み名にこれを含むテンプレートを表示します。</translation>
    </message>
    <message>
        <source>No logs analysed yet.</source>
        <translation>まだログを分析していません。</translation>
    </message>
    <message>
        <source>The logs were analysed; nothing stands out.</source>
        <translation>ログを分析しました。目立つものはありません。</translation>
    </message>
    <message numerus="yes">
        <source>%n template</source>
        <translation><numerusform>%n テンプレート</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n templates</source>
        <translation><numerusform>%n テンプレート</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n suspicious</source>
        <translation><numerusform>疑わしいもの %n</numerusform></translation>
    </message>
    <message>
        <source>showing %1</source>
        <translation>%1 を表示中</translation>
    </message>
    <message>
        <source>No log lines.</source>
        <translation>ログ行がありません。</translation>
    </message>
    <message>
        <source>No lines match the filter.</source>
        <translation>フィルターに一致する行はありません。</translation>
    </message>
    <message>
        <source>Show only the templates the analysis lists as suspects (the ones its summary and rankscope-cli logs count).</source>
        <translation>分析が疑わしい対象に挙げたテンプレート（要約と rankscope-cli logs が数えるもの）だけを表示します。</translation>
    </message>
    <message>
        <source>Templates</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>Step time and loss</source>
        <translation>ステップ時間と損失</translation>
    </message>
    <message>
        <source>Templates (%1)</source>
        <translation>テンプレート（%1）</translation>
    </message>
</context>
<context>
    <name>rankscope::NoteBook</name>
    <message>
        <source>The notes of this bundle cannot be read: %1</source>
        <translation>このバンドルのメモを読み込めません: %1</translation>
    </message>
    <message>
        <source>Open a bundle to add notes to it.</source>
        <translation>メモを追加するにはバンドルを開いてください。</translation>
    </message>
    <message>
        <source>The note cannot be saved: %1</source>
        <translation>メモを保存できません: %1</translation>
    </message>
    <message>
        <source>The note cannot be deleted: %1</source>
        <translation>メモを削除できません: %1</translation>
    </message>
    <message>
        <source>the notes of this bundle are read-only (its cache folder cannot be written)</source>
        <translation>このバンドルのメモは読み取り専用です（キャッシュフォルダーに書き込めません）</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n note(s) from %1</source>
        <translation><numerusform>%1 から %n 件のメモをインポートしました</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %n updated</source>
        <translation><numerusform>、%n 件を更新</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %n already there</source>
        <translation><numerusform>、%n 件は既存</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %n left out: %1</source>
        <translation><numerusform>、%n 件は除外: %1</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::NoteEditDialog</name>
    <message>
        <source>e.g. 37 or 128-135,200</source>
        <translation>例：37 や 128-135,200</translation>
    </message>
    <message>
        <source>Ranks:</source>
        <translation>ランク：</translation>
    </message>
    <message>
        <source>What you found, a ticket, who to ask…</source>
        <translation>分かったこと、チケット、問い合わせ先…</translation>
    </message>
    <message>
        <source>Not a rank list: write ranks and ranges like 3,8-15.</source>
        <translation>ランクの一覧ではありません：3,8-15 のようにランクと範囲を書いてください。</translation>
    </message>
    <message>
        <source>Note on %1:</source>
        <translation>%1 へのメモ:</translation>
    </message>
    <message>
        <source>Why they are marked (optional):</source>
        <translation>マークする理由（任意）:</translation>
    </message>
    <message>
        <source>Add Note</source>
        <translation>メモを追加</translation>
    </message>
    <message>
        <source>Edit Marked Ranks</source>
        <translation>マークしたランクを編集</translation>
    </message>
    <message>
        <source>Edit Note</source>
        <translation>メモを編集</translation>
    </message>
    <message>
        <source>Mark Ranks</source>
        <translation>ランクをマーク</translation>
    </message>
</context>
<context>
    <name>rankscope::NoteOverlay</name>
    <message>
        <source>Edit Note…</source>
        <translation>メモを編集…</translation>
    </message>
    <message>
        <source>Delete Note</source>
        <translation>メモを削除</translation>
    </message>
    <message>
        <source>Add Note to %1…</source>
        <translation>%1 にメモを追加…</translation>
    </message>
    <message>
        <source>Add Note…</source>
        <translation>メモを追加…</translation>
    </message>
    <message>
        <source>Mark Ranks…</source>
        <translation>ランクをマーク…</translation>
    </message>
    <message>
        <source>Mark Rank %1…</source>
        <translation>ランク %1 をマーク…</translation>
    </message>
    <message>
        <source>Draw Highlight</source>
        <translation>ハイライトを描く</translation>
    </message>
    <message>
        <source>Draw Arrow</source>
        <translation>矢印を描く</translation>
    </message>
</context>
<context>
    <name>rankscope::NotesPanel</name>
    <message>
        <source>Import…</source>
        <translation>インポート…</translation>
    </message>
    <message>
        <source>Merge a colleague's notes file (.notes.json) into this bundle's notes, without duplicates</source>
        <translation>同僚のメモファイル（.notes.json）をこのバンドルのメモに重複なく統合します</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Write every note to a file next to the bundle (.notes.json) for a colleague who opens the same bundle</source>
        <translation>すべてのメモをバンドルの隣のファイル（.notes.json）に書き出し、同じバンドルを開く同僚に渡します</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>View</source>
        <translation>ビュー</translation>
    </message>
    <message>
        <source>On</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>更新日時</translation>
    </message>
    <message>
        <source>No notes yet. Right-click a frame, a heatmap cell, a log line or a collective and choose &lt;i&gt;Add Note…&lt;/i&gt;; draw boxes and arrows with &lt;i&gt;Highlight&lt;/i&gt; and &lt;i&gt;Arrow&lt;/i&gt;; mark ranks with &lt;i&gt;Mark Ranks…&lt;/i&gt;. Notes are saved with the bundle and drawn into exported pictures.</source>
        <translation>メモはまだありません。フレーム、ヒートマップのセル、ログ行、集団通信を右クリックして&lt;i&gt;メモを追加…&lt;/i&gt;を選びます。&lt;i&gt;ハイライト&lt;/i&gt;と&lt;i&gt;矢印&lt;/i&gt;で枠と矢印を描き、&lt;i&gt;ランクをマーク…&lt;/i&gt;でランクをマークします。メモはバンドルと一緒に保存され、エクスポートした画像に描かれます。</translation>
    </message>
</context>
<context>
    <name>rankscope::OpBreakdownModel</name>
    <message>
        <source>n/a</source>
        <translation>該当なし</translation>
    </message>
    <message>
        <source>only this rank</source>
        <translation>このランクのみ</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未実行</translation>
    </message>
    <message>
        <source>%1 on this rank against a peer median of %2</source>
        <translation>このランクで %1（ピアの中央値は %2）</translation>
    </message>
    <message>
        <source>%1 of %2 peers ran it</source>
        <translation>%2 個のピアのうち %1 個が実行</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Rank total (ms)</source>
        <translation>ランク合計（ms）</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>回数</translation>
    </message>
    <message>
        <source>Peer median (ms)</source>
        <translation>ピアの中央値（ms）</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比率</translation>
    </message>
    <message>
        <source>Time this rank spent in the operation inside the window.</source>
        <translation>このランクがウィンドウ内でその操作に費やした時間。</translation>
    </message>
    <message>
        <source>Median of the same total over the rank's peers (a peer that did not run it counts 0).</source>
        <translation>ピアにおける同じ合計の中央値（実行しなかったピアは 0 と数えます）。</translation>
    </message>
    <message>
        <source>Rank total / peer median. Above %1 is tinted warm, below %2 cool.</source>
        <translation>ランク合計 / ピアの中央値。%1 を超えると暖色、%2 未満は寒色で示します。</translation>
    </message>
</context>
<context>
    <name>rankscope::OpBreakdownTable</name>
    <message>
        <source>Operation breakdown against the peer median</source>
        <translation>ピアの中央値と比べた操作の内訳</translation>
    </message>
</context>
<context>
    <name>rankscope::OpDiffModel</name>
    <message>
        <source>new</source>
        <translation>新規</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>%1: not run</source>
        <translation>%1：未実行</translation>
    </message>
    <message>
        <source>%1: median %2%3 over %4 of %5 ranks (p10 %6, p90 %7), %8 calls%3, %9 per call</source>
        <translation>%1：中央値 %2%3（%5 ランク中 %4、p10 %6、p90 %7）、呼び出し %8 回%3、1 回あたり %9</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>target</source>
        <translation>ターゲット</translation>
    </message>
    <message>
        <source>change: %1%2 (%3)</source>
        <translation>変化：%1%2（%3）</translation>
    </message>
    <message>
        <source>Median time per iteration over the ranks that ran the op, with the p10–p90 spread over those ranks.</source>
        <translation>その操作を実行したランクでのイテレーションあたりの時間の中央値と、それらのランクでの p10–p90 のばらつき。</translation>
    </message>
    <message>
        <source>Median time per second of trace over the ranks that ran the op (no ProfilerStep ranges), with the p10–p90 spread.</source>
        <translation>その操作を実行したランクでのトレース 1 秒あたりの時間の中央値（ProfilerStep の範囲なし）と p10–p90 のばらつき。</translation>
    </message>
    <message>
        <source>Target median divided by baseline median.</source>
        <translation>ターゲットの中央値 ÷ ベースラインの中央値。</translation>
    </message>
    <message>
        <source>Target median minus baseline median.</source>
        <translation>ターゲットの中央値 − ベースラインの中央値。</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比率</translation>
    </message>
    <message>
        <source>Baseline %1 (p10–p90)</source>
        <translation>ベースライン %1（p10–p90）</translation>
    </message>
    <message>
        <source>Target %1 (p10–p90)</source>
        <translation>ターゲット %1（p10–p90）</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>Baseline calls %1</source>
        <translation>ベースライン呼び出し回数 %1</translation>
    </message>
    <message>
        <source>Target calls %1</source>
        <translation>ターゲット呼び出し回数 %1</translation>
    </message>
</context>
<context>
    <name>rankscope::OpDiffTable</name>
    <message>
        <source>Per-op timing against the baseline</source>
        <translation>ベースラインと比べた操作ごとの時間</translation>
    </message>
</context>
<context>
    <name>rankscope::Overview</name>
    <message>
        <source>Stacks</source>
        <translation>スタック</translation>
    </message>
    <message>
        <source>Traces</source>
        <translation>トレース</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>Flight Recorder</source>
        <translation>Flight Recorder</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>ベースライン</translation>
    </message>
</context>
<context>
    <name>rankscope::OverviewView</name>
    <message>
        <source>frame %1</source>
        <translation>フレーム %1</translation>
    </message>
    <message>
        <source>log template #%1</source>
        <translation>ログテンプレート #%1</translation>
    </message>
    <message>
        <source>rank %1, window %2</source>
        <translation>ランク %1、ウィンドウ %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>%1 #%2 of pg %3</source>
        <translation>pg %3 の %1 #%2</translation>
    </message>
    <message>
        <source>%1 of pg %2</source>
        <translation>pg %2 の %1</translation>
    </message>
    <message>
        <source>baseline diff: %1</source>
        <translation>ベースライン差分：%1</translation>
    </message>
    <message>
        <source>high confidence</source>
        <translation>確度 高</translation>
    </message>
    <message>
        <source>medium confidence</source>
        <translation>確度 中</translation>
    </message>
    <message>
        <source>low confidence</source>
        <translation>確度 低</translation>
    </message>
    <message>
        <source>show</source>
        <translation>表示</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) agree</source>
        <translation><numerusform>%n レイヤーが一致</numerusform></translation>
    </message>
    <message>
        <source>Disagreeing: %1 point at another culprit (listed below).</source>
        <translation>不一致：%1 は別の原因を指しています（下記）。</translation>
    </message>
    <message>
        <source>What it does to the others:</source>
        <translation>他のランクへの影響：</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation><numerusform>ほか %n 件</numerusform></translation>
    </message>
    <message>
        <source>To be sure: %1</source>
        <translation>確かめるには：%1</translation>
    </message>
    <message>
        <source>What would settle it:</source>
        <translation>判断に必要なデータ：</translation>
    </message>
    <message>
        <source>What the layers see:</source>
        <translation>各レイヤーが見ているもの：</translation>
    </message>
    <message>
        <source>Also seen, naming no one:</source>
        <translation>ほかに見えたもの（特定の対象なし）：</translation>
    </message>
    <message>
        <source>No layer dates its findings on the wall clock (stack dumps without times, traces whose clock starts at process launch), so the first anomalies cannot be lined up.</source>
        <translation>どのレイヤーも発見を実時間で示していません（時刻のないスタックダンプ、プロセス起動から始まるクロックのトレース）。そのため最初の異常を並べられません。</translation>
    </message>
    <message>
        <source>First anomaly of the job: %1</source>
        <translation>ジョブ最初の異常：%1</translation>
    </message>
    <message>
        <source>What each rank sent</source>
        <translation>各ランクが送ったデータ</translation>
    </message>
    <message>
        <source>First anomalies</source>
        <translation>最初の異常</translation>
    </message>
    <message>
        <source>What each layer says</source>
        <translation>各レイヤーの結論</translation>
    </message>
    <message>
        <source>Open a bundle: the overview joins its stacks, traces, logs and Flight Recorder dumps into one verdict.</source>
        <translation>バンドルを開いてください：概要はスタック、トレース、ログ、Flight Recorder ダンプを一つの結論にまとめます。</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>ジョブ %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation><numerusform>%n ノード</numerusform></translation>
    </message>
    <message>
        <source>no layer with data</source>
        <translation>データのあるレイヤーなし</translation>
    </message>
    <message>
        <source>layers: %1</source>
        <translation>レイヤー：%1</translation>
    </message>
    <message>
        <source>has %1</source>
        <translation>あり %1</translation>
    </message>
    <message>
        <source>sent none</source>
        <translation>送信なし</translation>
    </message>
    <message>
        <source>culprit</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>not in this bundle</source>
        <translation>このバンドルにはありません</translation>
    </message>
    <message>
        <source>Import problems (%1)</source>
        <translation>インポートの問題（%1）</translation>
    </message>
    <message>
        <source>Every file imported without a problem.</source>
        <translation>すべてのファイルが問題なくインポートされました。</translation>
    </message>
    <message>
        <source>Show all %1 in the Problems panel</source>
        <translation>問題パネルに %1 件すべてを表示</translation>
    </message>
    <message>
        <source>Show them in the Problems panel</source>
        <translation>問題パネルに表示</translation>
    </message>
    <message>
        <source>the overview has nothing to export yet</source>
        <translation>概要にはまだエクスポートするものがありません</translation>
    </message>
    <message>
        <source>rankscope overview</source>
        <translation>rankscope 概要</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 に書き込めません</translation>
    </message>
    <message>
        <source>What more data could show:</source>
        <translation>追加のデータでわかること：</translation>
    </message>
    <message>
        <source>Nothing suspicious to put on the time axis.</source>
        <translation>時間軸に載せる不審な事象はありません。</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>the verdict</source>
        <translation>結論</translation>
    </message>
    <message>
        <source>the job's summary</source>
        <translation>ジョブの概要</translation>
    </message>
    <message>
        <source>the culprits</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>rankscope::RankDetailView</name>
    <message>
        <source>No trace was imported for rank %1.</source>
        <translation>ランク %1 のトレースはインポートされていません。</translation>
    </message>
    <message>
        <source>Click a heatmap cell to see that rank's threads and GPU streams in that window.</source>
        <translation>ヒートマップのセルをクリックすると、そのウィンドウでのそのランクのスレッドと GPU ストリームが表示されます。</translation>
    </message>
    <message>
        <source>Loading… (showing rank %1)</source>
        <translation>読み込み中…（ランク %1 を表示中）</translation>
    </message>
    <message>
        <source>Loading the rank's trace…</source>
        <translation>ランクのトレースを読み込み中…</translation>
    </message>
    <message>
        <source>No rank selected</source>
        <translation>ランクが選択されていません</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>clock offset %1 applied</source>
        <translation>時計のオフセット %1 を適用済み</translation>
    </message>
    <message>
        <source>clock not aligned</source>
        <translation>時計は揃えていません</translation>
    </message>
    <message>
        <source>%1 lanes · %2 events · %3 ops</source>
        <translation>%1 レーン · %2 イベント · %3 操作</translation>
    </message>
    <message>
        <source>Back to the Views</source>
        <translation>ビューに戻る</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>拡大</translation>
    </message>
    <message>
        <source>Put the rank detail back in its dock (Escape)</source>
        <translation>ランク詳細をドックに戻す（Esc）</translation>
    </message>
    <message>
        <source>Show the rank detail in the main area, with room for every thread and GPU stream</source>
        <translation>ランク詳細をメイン領域に表示し、すべてのスレッドと GPU ストリームを表示できる広さにする</translation>
    </message>
    <message>
        <source>events left out of this merged cache</source>
        <translation>このマージされたキャッシュには含まれないイベント</translation>
    </message>
</context>
<context>
    <name>rankscope::RankListPanel</name>
    <message>
        <source>one sample</source>
        <translation>サンプル 1 件</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>progressing</source>
        <translation>進行中</translation>
    </message>
    <message>
        <source>oscillating</source>
        <translation>振動</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Stacks</source>
        <translation>スタック</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>ロール</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>進行</translation>
    </message>
    <message>
        <source>Latest stack</source>
        <translation>最新のスタック</translation>
    </message>
    <message>
        <source>Filter: ranks (0-7,37) or text</source>
        <translation>フィルター：ランク（0-7,37）またはテキスト</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>あり</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>データなし</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation>比較対象外</translation>
    </message>
    <message>
        <source>Another process type, or outside the compared ranks.</source>
        <translation>別のプロセス種別、または比較対象外のランク。</translation>
    </message>
    <message>
        <source>cut</source>
        <translation>途切れ</translation>
    </message>
    <message>
        <source>no stacks · %1</source>
        <translation>スタックなし · %1</translation>
    </message>
    <message>
        <source>The dump was cut inside this rank's stack: it is listed under the import problems and not compared.</source>
        <translation>このランクのダンプはスタックの途中で途切れています：インポートの問題に表示され、比較には使われません。</translation>
    </message>
</context>
<context>
    <name>rankscope::StackChangeList</name>
    <message>
        <source>Changed stack paths</source>
        <translation>変化したスタックのパス</translation>
    </message>
    <message>
        <source>No stacks compared.</source>
        <translation>スタックを比較していません。</translation>
    </message>
    <message>
        <source>By suspicion: paths new in the target on a minority of its ranks first, then paths few ranks are on, and among them those whose stacks do their own work (data loader, I/O, compute) before those waiting in a collective, which is what the ranks waiting for a culprit do; paths the target lost come last.
By size: the largest change in share of ranks first.</source>
        <translation>疑わしさ順：ターゲットで少数のランクだけが通る新しいパスを先に、次に通るランクが少ないパスを並べ、その中でも自分の処理（データローダー、I/O、計算）をしているスタックを、集合通信で待っているスタック（原因を待つランクの姿）より前にします。ターゲットで失われたパスは最後です。
大きさ順：ランクの割合の変化が大きい順。</translation>
    </message>
</context>
<context>
    <name>rankscope::StackChangeModel</name>
    <message>
        <source>new</source>
        <translation>新規</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1/%2（%3）</translation>
    </message>
    <message>
        <source>baseline ranks: %1</source>
        <translation>ベースラインのランク：%1</translation>
    </message>
    <message>
        <source>target ranks: %1</source>
        <translation>ターゲットのランク：%1</translation>
    </message>
    <message>
        <source>No baseline rank took this path.</source>
        <translation>ベースラインにはこのパスを通ったランクがありません。</translation>
    </message>
    <message>
        <source>No target rank takes this path any more.</source>
        <translation>ターゲットではこのパスを通るランクがなくなりました。</translation>
    </message>
    <message>
        <source>Both runs have this path, with a different share of their ranks.</source>
        <translation>両方の実行にこのパスがありますが、それを通るランクの割合が異なります。</translation>
    </message>
    <message>
        <source>Target share minus baseline share of each run's ranks with data.</source>
        <translation>ターゲットの割合 − ベースラインの割合（それぞれデータのあるランクに占める割合）。</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>パス</translation>
    </message>
    <message>
        <source>Baseline ranks</source>
        <translation>ベースラインのランク</translation>
    </message>
    <message>
        <source>Target ranks</source>
        <translation>ターゲットのランク</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <source>vanished</source>
        <translation>消滅</translation>
    </message>
    <message>
        <source>lost ranks</source>
        <translation>ランク減少</translation>
    </message>
    <message>
        <source>new on a minority</source>
        <translation>少数のランクで新規</translation>
    </message>
    <message>
        <source>new on most ranks</source>
        <translation>多くのランクで新規</translation>
    </message>
    <message>
        <source>gained ranks</source>
        <translation>ランク増加</translation>
    </message>
    <message>
        <source>own work (%1)</source>
        <translation>自分の処理（%1）</translation>
    </message>
    <message>
        <source>waiting (%1)</source>
        <translation>待機中（%1）</translation>
    </message>
    <message>
        <source>Suspicion</source>
        <translation>疑わしさ</translation>
    </message>
</context>
<context>
    <name>rankscope::StackComparisonView</name>
    <message>
        <source>Baseline flame graph</source>
        <translation>ベースラインのフレームグラフ</translation>
    </message>
    <message>
        <source>Target flame graph</source>
        <translation>ターゲットのフレームグラフ</translation>
    </message>
    <message>
        <source>Differential flame graph</source>
        <translation>差分フレームグラフ</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>並べて表示</translation>
    </message>
    <message>
        <source>Baseline and target flame graphs next to each other, with zoom, search, selection and rank highlight coupled.</source>
        <translation>ベースラインとターゲットのフレームグラフを並べて表示し、ズーム・検索・選択・ランクの強調表示を連動させます。</translation>
    </message>
    <message>
        <source>Differential</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>One flame graph with the target's widths, red where a path gained share of ranks, blue where it lost; frames only in the shown run are hatched.</source>
        <translation>ターゲットの幅で描く 1 つのフレームグラフ。パスのランクの割合が増えたところは赤、減ったところは青で、表示中の実行にしかないフレームは斜線で示します。</translation>
    </message>
    <message>
        <source>Reverse</source>
        <translation>反転</translation>
    </message>
    <message>
        <source>Show the baseline's widths instead, coloured by what the target lost, so paths that vanished in the target are visible.</source>
        <translation>代わりにベースラインの幅で表示し、ターゲットで減ったものを色で示します。ターゲットで消えたパスも見えるようになります。</translation>
    </message>
    <message>
        <source>Search frames in both runs</source>
        <translation>両方の実行でフレームを検索</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>target</source>
        <translation>ターゲット</translation>
    </message>
    <message>
        <source>No paths to compare: %1 has no stacks.</source>
        <translation>比較するパスがありません：%1 にはスタックがありません。</translation>
    </message>
    <message>
        <source>No path changed its share of ranks by 5 points or more between %1 and %2.</source>
        <translation>%1 と %2 の間で、ランクの割合が 5 ポイント以上変化したパスはありません。</translation>
    </message>
    <message>
        <source>No runs compared.</source>
        <translation>比較した実行はありません。</translation>
    </message>
    <message>
        <source>%1 has no stacks (no py-spy dumps in its bundle, or none for the chosen threads).</source>
        <translation>%1 にはスタックがありません（バンドルに py-spy ダンプがないか、選択したスレッドのものがありません）。</translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation><numerusform>%n ランク</numerusform></translation>
    </message>
    <message>
        <source>no stacks</source>
        <translation>スタックなし</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>Baseline: %1</source>
        <translation>ベースライン：%1</translation>
    </message>
    <message>
        <source>Target: %1</source>
        <translation>ターゲット：%1</translation>
    </message>
    <message>
        <source>Widths of the baseline %1, coloured by what %2 lost: blue paths lost ranks, hatched blue paths vanished from %2.</source>
        <translation>ベースライン %1 の幅で、%2 で減ったものを色で示します：青のパスはランクが減少、斜線付きの青のパスは %2 から消失。</translation>
    </message>
    <message>
        <source>Widths of the target %1, coloured by the change against %2: red paths gained ranks, hatched red paths are new.</source>
        <translation>ターゲット %1 の幅で、%2 に対する変化を色で示します：赤のパスはランクが増加、斜線付きの赤のパスは新規。</translation>
    </message>
    <message>
        <source>The differential flame graph needs stacks from both runs: %1 has none.</source>
        <translation>差分フレームグラフには両方の実行のスタックが必要です：%1 にはありません。</translation>
    </message>
    <message>
        <source>Neither %1 nor %2 has stacks.</source>
        <translation>%1 にも %2 にもスタックがありません。</translation>
    </message>
    <message>
        <source>Matched: %1 / %2</source>
        <translation>一致：%1 / %2</translation>
    </message>
    <message>
        <source>Share of the ranks with data whose stacks hold a matching frame: baseline %1 / target %2.</source>
        <translation>データのあるランクのうち、スタックに一致するフレームを含むものの割合：ベースライン %1 / ターゲット %2。</translation>
    </message>
    <message>
        <source>1 rank</source>
        <translation>1 ランク</translation>
    </message>
    <message>
        <source>Changed paths</source>
        <translation>変化したパス</translation>
    </message>
    <message>
        <source>Most suspicious first</source>
        <translation>疑わしい順</translation>
    </message>
    <message>
        <source>Largest change first</source>
        <translation>変化の大きい順</translation>
    </message>
    <message>
        <source>Order of the changed paths</source>
        <translation>変化したパスの並び順</translation>
    </message>
</context>
<context>
    <name>rankscope::StepSeriesChart</name>
    <message>
        <source>Step time and loss per iteration</source>
        <translation>イテレーションごとのステップ時間と損失</translation>
    </message>
    <message numerus="yes">
        <source>%n iteration lines, too few after the warm-up for a steady step time.</source>
        <translation><numerusform>イテレーション行 %n 行。ウォームアップを除くと少なすぎて、安定したステップ時間を出せません。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 per iteration (the median of iterations %2–%3; the first %n lines skipped as warm-up).</source>
        <translation><numerusform>1 イテレーションあたり %1（イテレーション %2–%3 の中央値。最初の %n 行はウォームアップとして除外）。</numerusform></translation>
    </message>
    <message>
        <source>step time %1</source>
        <translation>ステップ時間 %1</translation>
    </message>
    <message>
        <source>loss %1</source>
        <translation>損失 %1</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>イテレーション %1</translation>
    </message>
    <message>
        <source>baseline %1, iteration %2: %3</source>
        <translation>ベースライン %1、イテレーション %2：%3</translation>
    </message>
    <message>
        <source>No iteration lines in the logs: Megatron-LM's "iteration N/M | ... elapsed time per iteration (ms)", DeepSpeed's "steps: N loss: ... iter time (s)", HF Trainer's {'loss': ...} or a tqdm bar give the job's step time and loss per iteration.</source>
        <translation>ログにイテレーション行がありません：Megatron-LM の "iteration N/M | ... elapsed time per iteration (ms)"、DeepSpeed の "steps: N loss: ... iter time (s)"、HF Trainer の {'loss': ...}、tqdm のバーがあれば、ジョブのイテレーションごとのステップ時間と損失がわかります。</translation>
    </message>
    <message>
        <source>No logs analysed yet.</source>
        <translation>まだログを分析していません。</translation>
    </message>
    <message>
        <source>From %1's iteration lines of no rank (its last rank prints them).</source>
        <translation>%1 のランクなしのイテレーション行から（最後のランクが出力します）。</translation>
    </message>
    <message numerus="yes">
        <source>From %1 iteration lines: per iteration the median over %n ranks.</source>
        <translation><numerusform>%1 のイテレーション行から：イテレーションごとに %n ランクの中央値。</numerusform></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Baseline %1: %2</source>
        <translation>ベースライン %1：%2</translation>
    </message>
    <message>
        <source>Iterations take %1, %2% longer than the baseline's %3.</source>
        <translation>イテレーションは %1 かかり、ベースラインの %3 より %2% 長くなっています。</translation>
    </message>
    <message>
        <source>Iterations take %1, %2% less than the baseline's %3.</source>
        <translation>イテレーションは %1 かかり、ベースラインの %3 より %2% 短くなっています。</translation>
    </message>
    <message>
        <source>No significant change in step time against the baseline (%1%2%; a change needs at least 5% and a rank-sum test with |z| ≥ 3).</source>
        <translation>ベースラインと比べてステップ時間に有意な変化はありません（%1%2%。変化と見なすには 5% 以上かつ順位和検定で |z| ≥ 3 が必要です）。</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>イテレーション</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ミリ秒</translation>
    </message>
    <message>
        <source>Step time (%1, from the time between lines)</source>
        <translation>ステップ時間（%1、行と行の間の時間から）</translation>
    </message>
    <message>
        <source>Step time (%1)</source>
        <translation>ステップ時間（%1）</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>Step time (baseline %1)</source>
        <translation>ステップ時間（ベースライン %1）</translation>
    </message>
    <message>
        <source>Loss (baseline %1)</source>
        <translation>損失（ベースライン %1）</translation>
    </message>
    <message>
        <source>Loss (%1)</source>
        <translation>損失（%1）</translation>
    </message>
    <message>
        <source>Step time and loss</source>
        <translation>ステップ時間と損失</translation>
    </message>
    <message>
        <source>baseline %1 vs %2</source>
        <translation>ベースライン %1 と %2</translation>
    </message>
</context>
<context>
    <name>rankscope::StepTimeDistributionWidget</name>
    <message>
        <source>Step-time distributions of the baseline and the target</source>
        <translation>ベースラインとターゲットのステップ時間の分布</translation>
    </message>
    <message>
        <source>no step times</source>
        <translation>ステップ時間なし</translation>
    </message>
    <message>
        <source>median %1 · p90 %2 · p99 %3 · max %4</source>
        <translation>中央値 %1 · p90 %2 · p99 %3 · 最大 %4</translation>
    </message>
    <message>
        <source>Step time, all ranks and iterations</source>
        <translation>ステップ時間（全ランク・全イテレーション）</translation>
    </message>
    <message>
        <source>Neither run has step times (no ProfilerStep ranges in the traces).</source>
        <translation>どちらの実行にもステップ時間がありません（トレースに ProfilerStep の範囲がありません）。</translation>
    </message>
    <message>
        <source>Click to compare in the heatmap (difference mode) ▸</source>
        <translation>クリックでヒートマップで比較（差分モード）▸</translation>
    </message>
    <message>
        <source>baseline · %1</source>
        <translation>ベースライン · %1</translation>
    </message>
    <message>
        <source>target · %1</source>
        <translation>ターゲット · %1</translation>
    </message>
    <message>
        <source>%1: no step times</source>
        <translation>%1：ステップ時間なし</translation>
    </message>
    <message>
        <source>%1: %2 steps · p10 %3 · median %4 · p90 %5 · p99 %6 · max %7</source>
        <translation>%1：%2 ステップ · p10 %3 · 中央値 %4 · p90 %5 · p99 %6 · 最大 %7</translation>
    </message>
    <message>
        <source>baseline %1</source>
        <translation>ベースライン %1</translation>
    </message>
    <message>
        <source>target %1</source>
        <translation>ターゲット %1</translation>
    </message>
    <message>
        <source>Click to open the heatmap in difference mode (step time).</source>
        <translation>クリックでヒートマップを差分モードで開きます（ステップ時間）。</translation>
    </message>
</context>
<context>
    <name>rankscope::SuspectsPanel</name>
    <message>
        <source>Ranks</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>フレーム</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Suspects</source>
        <translation>疑わしい対象</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>データなし</translation>
    </message>
    <message>
        <source>Blocker</source>
        <translation>ブロッカー</translation>
    </message>
    <message>
        <source>Desync</source>
        <translation>非同期</translation>
    </message>
    <message>
        <source>Minority path</source>
        <translation>少数派パス</translation>
    </message>
    <message>
        <source>Missed by few</source>
        <translation>少数が欠落</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>No stacks analysed yet.</source>
        <translation>まだスタックを分析していません。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation><numerusform>%n ランク：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation><numerusform>%n ランク：%1</numerusform></translation>
    </message>
    <message>
        <source>No suspects: there are no stacks to compare.</source>
        <translation>疑わしい対象はありません：比較するスタックがありません。</translation>
    </message>
    <message>
        <source>No suspects: the ranks are progressing.</source>
        <translation>疑わしい対象はありません：各ランクは進行しています。</translation>
    </message>
    <message>
        <source>No suspects: the stacks cannot tell (see the verdict).</source>
        <translation>疑わしい対象はありません：スタックからは判断できません（判定を参照）。</translation>
    </message>
    <message>
        <source>No suspects: every rank has the same stack.</source>
        <translation>疑わしい対象はありません：すべてのランクのスタックが同じです。</translation>
    </message>
    <message>
        <source>No suspects: no path is rare enough to single out.</source>
        <translation>疑わしい対象はありません：特定できるほど稀な経路はありません。</translation>
    </message>
</context>
<context>
    <name>rankscope::TraceTimelineWidget</name>
    <message>
        <source>Trace timeline</source>
        <translation>トレースのタイムライン</translation>
    </message>
    <message>
        <source>start: %1 into the window</source>
        <translation>開始：ウィンドウの開始から %1</translation>
    </message>
    <message>
        <source>duration: %1</source>
        <translation>継続時間：%1</translation>
    </message>
    <message>
        <source>collective: %1 · process group %2</source>
        <translation>集団通信：%1 · プロセスグループ %2</translation>
    </message>
    <message>
        <source>%1 elements</source>
        <translation>%1 要素</translation>
    </message>
    <message>
        <source>No events in this window.</source>
        <translation>このウィンドウにはイベントがありません。</translation>
    </message>
    <message>
        <source>No trace to show.</source>
        <translation>表示するトレースがありません。</translation>
    </message>
    <message>
        <source>time in window</source>
        <translation>ウィンドウ内の時間</translation>
    </message>
    <message>
        <source>stack sample</source>
        <translation>スタックサンプル</translation>
    </message>
</context>
<context>
    <name>sentence.end</name>
    <message>
        <source>%1.</source>
        <translation>%1。</translation>
    </message>
</context>
<context>
    <name>stack.class.checkpointIo</name>
    <message>
        <source>checkpoint I/O</source>
        <translation>チェックポイント I/O</translation>
    </message>
</context>
<context>
    <name>stack.class.collective</name>
    <message>
        <source>a collective</source>
        <translation>集団通信</translation>
    </message>
</context>
<context>
    <name>stack.class.compute</name>
    <message>
        <source>compute</source>
        <translation>計算</translation>
    </message>
</context>
<context>
    <name>stack.class.cudaSync</name>
    <message>
        <source>a CUDA synchronize</source>
        <translation>CUDA 同期</translation>
    </message>
</context>
<context>
    <name>stack.class.dataLoader</name>
    <message>
        <source>data loading</source>
        <translation>データ読み込み</translation>
    </message>
</context>
<context>
    <name>stack.class.empty</name>
    <message>
        <source>an empty stack</source>
        <translation>空のスタック</translation>
    </message>
</context>
<context>
    <name>stack.class.garbageCollection</name>
    <message>
        <source>garbage collection</source>
        <translation>ガベージコレクション</translation>
    </message>
</context>
<context>
    <name>stack.class.idle</name>
    <message>
        <source>an idle wait</source>
        <translation>アイドル待機</translation>
    </message>
</context>
<context>
    <name>stack.class.p2p</name>
    <message>
        <source>a point-to-point wait</source>
        <translation>ポイントツーポイント待機</translation>
    </message>
</context>
<context>
    <name>stack.class.python</name>
    <message>
        <source>Python code</source>
        <translation>Python コード</translation>
    </message>
</context>
<context>
    <name>stack.suspect.blocker</name>
    <message>
        <source>%1: not in a collective while %2 ranks wait in %3</source>
        <translation>%1：集団通信の外にいる一方、%2 個のランクが %3 で待機中</translation>
    </message>
</context>
<context>
    <name>stack.suspect.blockerDoing</name>
    <message>
        <source>%1 (%2: %3)</source>
        <translation>%1（%2：%3）</translation>
    </message>
</context>
<context>
    <name>stack.suspect.dumpCut</name>
    <message>
        <source>%1: the dump was cut inside the stack (%2): shown as cut, not compared (unknown, not counted as missing)</source>
        <translation>%1：ダンプがスタックの途中で切れています（%2）：切れたまま表示し、比較しません（不明、欠落には数えません）</translation>
    </message>
</context>
<context>
    <name>stack.suspect.dumpsCut</name>
    <message>
        <source>%1: the dump was cut inside the stack (%2 and others): shown as cut, not compared (unknown, not counted as missing)</source>
        <translation>%1：ダンプがスタックの途中で切れています（%2 ほか）：切れたまま表示し、比較しません（不明、欠落には数えません）</translation>
    </message>
</context>
<context>
    <name>stack.suspect.minorityPath</name>
    <message>
        <source>%1: only %2 of %3 ranks take this path</source>
        <translation>%1：%3 個のランクのうち %2 個だけがこのパスを通ります</translation>
    </message>
</context>
<context>
    <name>stack.suspect.missedByFew</name>
    <message>
        <source>%1: missing from a path the other %2 ranks take</source>
        <translation>%1：他の %2 個のランクが通るパスにいません</translation>
    </message>
</context>
<context>
    <name>stack.suspect.noSamples</name>
    <message>
        <source>%1: no stack samples although the job has them: dead, unreachable, or the dump failed (unknown, not counted as missing)</source>
        <translation>%1：ジョブにはスタックサンプルがあるのに、このランクにはありません：終了、到達不能、またはダンプ失敗（不明、欠落には数えません）</translation>
    </message>
</context>
<context>
    <name>stack.suspect.otherCallPath</name>
    <message>
        <source>%1: in %2 from a different call path than the other %3 waiting ranks</source>
        <translation>%1：%2 の中にいますが、待機中の他の %3 個のランクとは呼び出しパスが異なります</translation>
    </message>
</context>
<context>
    <name>stack.suspect.outOfStep</name>
    <message>
        <source>%1: waiting in %2 while %3 ranks wait in %4: the collectives are out of step</source>
        <translation>%1：%2 で待機中、一方 %3 個のランクは %4 で待機中：集団通信の歩調が揃っていません</translation>
    </message>
</context>
<context>
    <name>stack.temporal.allStuck</name>
    <message>
        <source>stacks unchanged across %1 samples</source>
        <translation>%1 回のサンプルでスタックが変化なし</translation>
    </message>
</context>
<context>
    <name>stack.temporal.allStuckOver</name>
    <message>
        <source>stacks unchanged across %1 samples over %2 s</source>
        <translation>%2 秒間 %1 回のサンプルでスタックが変化なし</translation>
    </message>
</context>
<context>
    <name>stack.temporal.allWorking</name>
    <message>
        <source>their stacks change between samples: they are working while others wait</source>
        <translation>スタックがサンプルごとに変化：他のランクが待つ間も処理を続けています</translation>
    </message>
</context>
<context>
    <name>stack.temporal.stuck</name>
    <message>
        <source>stack unchanged across %1 samples</source>
        <translation>%1 回のサンプルでスタックが変化なし</translation>
    </message>
</context>
<context>
    <name>stack.temporal.stuckOver</name>
    <message>
        <source>stack unchanged across %1 samples over %2 s</source>
        <translation>%2 秒間 %1 回のサンプルでスタックが変化なし</translation>
    </message>
</context>
<context>
    <name>stack.temporal.working</name>
    <message>
        <source>its stack changes between samples: it is working while others wait</source>
        <translation>スタックがサンプルごとに変化：他のランクが待つ間も処理を続けています</translation>
    </message>
</context>
<context>
    <name>stack.verdict.allInSameWait</name>
    <message>
        <source>All %1 ranks wait in %2: the stacks cannot tell which rank blocks. Look at the logs, collective sequence numbers or timing.</source>
        <translation>%1 個すべてのランクが %2 で待機中：どのランクがブロックしているかはスタックからは分かりません。ログ、集団通信のシーケンス番号、またはタイミングを確認してください。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.blockersFound</name>
    <message>
        <source>%1 of %2 ranks wait in %3; %4</source>
        <translation>%2 個のランクのうち %1 個が %3 で待機中；%4</translation>
    </message>
</context>
<context>
    <name>stack.verdict.mostRanksMissing</name>
    <message>
        <source>Cannot tell: %1 of %2 ranks sent no stacks (%3). The stacks of the other %4 ranks cannot name a blocker; collect dumps from every rank.</source>
        <translation>判断できません：%2 個のランクのうち %1 個がスタックを送っていません（%3）。残り %4 個のランクのスタックではブロッカーを特定できません。すべてのランクからダンプを集めてください。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.mostRanksMissingOneLeft</name>
    <message>
        <source>Cannot tell: %1 of %2 ranks sent no stacks (%3). The stacks of the other %4 rank cannot name a blocker; collect dumps from every rank.</source>
        <translation>判断できません：%2 個のランクのうち %1 個がスタックを送っていません（%3）。残り %4 個のランクのスタックではブロッカーを特定できません。すべてのランクからダンプを集めてください。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noHang</name>
    <message>
        <source>No hang: every rank is progressing (each rank's stack changed between its samples).</source>
        <translation>ハングなし：すべてのランクが進行中です（各ランクのスタックがサンプル間で変化しています）。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noMajority</name>
    <message>
        <source>No strict majority: %1 different stacks, the largest shared by %2 of %3 ranks. The stacks cannot tell waiters from blockers.</source>
        <translation>厳密な過半数がありません：%1 種類の異なるスタックがあり、最大のものは %3 個中 %2 個のランクが共有しています。スタックからは待機側とブロッカーを区別できません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noMatchingSamples</name>
    <message>
        <source>No stack samples match the current choice of role and threads.</source>
        <translation>現在のロールとスレッドの選択に一致するスタックサンプルがありません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noStackDumps</name>
    <message>
        <source>The bundle has no stack dumps (stacks/ folder): nothing to merge here.</source>
        <translation>バンドルにスタックダンプ（stacks/ フォルダー）がありません：ここでマージするものはありません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noWaitMajority</name>
    <message>
        <source>%1 of %2 ranks share one stack that is not a collective wait: the waiter/blocker rule does not apply; minority paths are listed.</source>
        <translation>%2 個のランクのうち %1 個が集団通信待ちではない同じスタックを共有しています：待機側/ブロッカーの規則は当てはまりません。少数派のパスを一覧にしています。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.nodeElsewhere</name>
    <message>
        <source>%1 is elsewhere and may be what they wait for.</source>
        <translation>%1 は別の場所にいて、待機の原因かもしれません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noneStayed</name>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
</context>
<context>
    <name>stack.verdict.oneRank</name>
    <message>
        <source>Only %1 rank has stacks: no majority exists, so the stacks cannot name a culprit.</source>
        <translation>スタックがあるのは %1 個のランクだけです：過半数がないため、スタックから原因を特定できません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.oneRankElsewhere</name>
    <message>
        <source>1 rank is elsewhere and may be what they wait for.</source>
        <translation>1 個のランクが別の場所にいて、待機の原因かもしれません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.onlySomeStayed</name>
    <message>
        <source>only %1 of %2</source>
        <translation>%2 個中 %1 個のみ</translation>
    </message>
</context>
<context>
    <name>stack.verdict.ranksElsewhere</name>
    <message>
        <source>%1 ranks are elsewhere and may be what they wait for.</source>
        <translation>%1 個のランクが別の場所にいて、待機の原因かもしれません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.silentRanks</name>
    <message>
        <source>%1 sent no stacks and may be what they wait for.</source>
        <translation>%1 はスタックを送っておらず、待機の原因かもしれません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.syncNote</name>
    <message>
        <source>%1 (%2 of them in a CUDA synchronize)</source>
        <translation>%1（うち %2 個は CUDA 同期中）</translation>
    </message>
</context>
<context>
    <name>stack.verdict.tooFewRanks</name>
    <message>
        <source>Only %1 ranks have stacks: no majority exists, so the stacks cannot name a culprit.</source>
        <translation>スタックがあるのは %1 個のランクだけです：過半数がないため、スタックから原因を特定できません。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.waitersChange</name>
    <message>
        <source>Progressing, no hang: %1 of %2 ranks wait in %3 in the latest sample, but the waiters change from sample to sample (%4 stayed in the same collective from the same call path).</source>
        <translation>進行中、ハングなし：最新のサンプルでは %2 個中 %1 個のランクが %3 で待機していますが、待機するランクはサンプルごとに変わります（同じ呼び出しパスの同じ集団通信に留まったのは %4）。</translation>
    </message>
</context>
<context>
    <name>straggler.also</name>
    <message>
        <source>also %1 %2</source>
        <translation>%1 も %2</translation>
    </message>
</context>
<context>
    <name>straggler.arrivalOrder.average</name>
    <message>
        <source>Yet %1 arrived last at %2 of its %3 collectives and the others waited %4 for it (%5% of a step on average): what delays it is outside the work the traces measure (data loading, host work before its collectives); look at it first.</source>
        <translation>ただし %1 は %3 回の集団通信のうち %2 回で最後に到着し、他のランクは %4 待たされました（平均でステップの %5%）：遅れの原因はトレースが測る処理の外（データ読み込み、集団通信前のホスト処理）にあります。まずこのランクを確認してください。</translation>
    </message>
</context>
<context>
    <name>straggler.arrivalOrder.one</name>
    <message>
        <source>Yet %1 arrived last at %2 of its %3 collectives and the others waited %4 for it (%5% of a step): what delays it is outside the work the traces measure (data loading, host work before its collectives); look at it first.</source>
        <translation>ただし %1 は %3 回の集団通信のうち %2 回で最後に到着し、他のランクは %4 待たされました（ステップの %5%）：遅れの原因はトレースが測る処理の外（データ読み込み、集団通信前のホスト処理）にあります。まずこのランクを確認してください。</translation>
    </message>
</context>
<context>
    <name>straggler.clause.nodeAbove</name>
    <message>
        <source>its ranks' %1 is %2 above their peers' %3</source>
        <translation>%3、そのランクの%1がピアより %2 高い</translation>
    </message>
</context>
<context>
    <name>straggler.clause.nodeBelow</name>
    <message>
        <source>its ranks' %1 is %2 below their peers' %3</source>
        <translation>%3、そのランクの%1がピアより %2 低い</translation>
    </message>
</context>
<context>
    <name>straggler.clause.rankAbove</name>
    <message>
        <source>its %1 is %2 above its peers' %3</source>
        <translation>%3、%1がピアより %2 高い</translation>
    </message>
</context>
<context>
    <name>straggler.clause.rankBelow</name>
    <message>
        <source>its %1 is %2 below its peers' %3</source>
        <translation>%3、%1がピアより %2 低い</translation>
    </message>
</context>
<context>
    <name>straggler.confidence.iterations</name>
    <message>
        <source>confirmed in %1 of %2 iterations</source>
        <translation>%2 イテレーション中 %1 で確認</translation>
    </message>
</context>
<context>
    <name>straggler.confidence.tentative</name>
    <message>
        <source>tentative (%1)</source>
        <translation>暫定（%1）</translation>
    </message>
</context>
<context>
    <name>straggler.confidence.timeBins</name>
    <message>
        <source>confirmed in %1 of %2 time bins</source>
        <translation>%2 タイムビン中 %1 で確認</translation>
    </message>
</context>
<context>
    <name>straggler.cost.oneStep</name>
    <message>
        <source>~%1 in that step</source>
        <translation>そのステップで約 %1</translation>
    </message>
</context>
<context>
    <name>straggler.cost.oneTimeBin</name>
    <message>
        <source>~%1 in that time bin</source>
        <translation>そのタイムビンで約 %1</translation>
    </message>
</context>
<context>
    <name>straggler.cost.steps</name>
    <message>
        <source>~%1 per step, %2 over %3 steps</source>
        <translation>ステップあたり約 %1、%3 ステップで計 %2</translation>
    </message>
</context>
<context>
    <name>straggler.cost.timeBins</name>
    <message>
        <source>~%1 per time bin, %2 over %3 time bins</source>
        <translation>タイムビンあたり約 %1、%3 タイムビンで計 %2</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.jobLevelLines</name>
    <message>
        <source>%1: their %2 iteration lines carry no rank (a job-wide series, printed by one rank for all)</source>
        <translation>%1：%2 行のイテレーション行にランクがありません（1 つのランクが全体分を出力するジョブ全体の系列）</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.logsTimeOfOneRank</name>
    <message>
        <source>the logs give step times for %1 of 1 rank</source>
        <translation>ログにステップ時間があるのは 1 個中 %1 個のランク</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.logsTimeOfRanks</name>
    <message>
        <source>the logs give step times for %1 of %2 ranks</source>
        <translation>ログにステップ時間があるのは %2 個中 %1 個のランク</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.noIterationLines</name>
    <message>
        <source>%1: they have timestamps but no iteration lines with step times</source>
        <translation>%1：タイムスタンプはありますが、ステップ時間を含むイテレーション行がありません</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.othersUntimed</name>
    <message>
        <source>%1 (the others print no iteration lines)</source>
        <translation>%1（他のランクはイテレーション行を出力しません）</translation>
    </message>
</context>
<context>
    <name>straggler.detectorTally</name>
    <message>
        <source>rank %1 was the slowest in %2 of %3 reports of Megatron's straggler detector (round trip %4 above the fastest rank, median); the detector names only the fastest and slowest rank per report</source>
        <translation>Megatron の straggler detector の %3 件のレポートのうち %2 件で rank %1 が最も遅かった（往復時間は最速のランクより %4 長い、中央値）。detector はレポートごとに最速と最遅のランクしか示しません</translation>
    </message>
</context>
<context>
    <name>straggler.metric.causedWait</name>
    <message>
        <source>wait caused</source>
        <translation>引き起こした待ち</translation>
    </message>
</context>
<context>
    <name>straggler.metric.collectiveWait</name>
    <message>
        <source>collective wait</source>
        <translation>集団通信の待ち</translation>
    </message>
</context>
<context>
    <name>straggler.metric.commPerGigabyte</name>
    <message>
        <source>communication per GB</source>
        <translation>GB あたりの通信</translation>
    </message>
</context>
<context>
    <name>straggler.metric.communicationTime</name>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
</context>
<context>
    <name>straggler.metric.communicationTransfer</name>
    <message>
        <source>communication transfer</source>
        <translation>通信転送</translation>
    </message>
</context>
<context>
    <name>straggler.metric.computeTime</name>
    <message>
        <source>compute</source>
        <translation>計算</translation>
    </message>
</context>
<context>
    <name>straggler.metric.cpuOpTime</name>
    <message>
        <source>CPU op time</source>
        <translation>CPU オペレーター時間</translation>
    </message>
</context>
<context>
    <name>straggler.metric.detectorGetBatch</name>
    <message>
        <source>detector get_batch</source>
        <translation>detector get_batch</translation>
    </message>
</context>
<context>
    <name>straggler.metric.detectorRoundTrip</name>
    <message>
        <source>detector round trip</source>
        <translation>detector 往復時間</translation>
    </message>
</context>
<context>
    <name>straggler.metric.exposedCommunication</name>
    <message>
        <source>exposed communication</source>
        <translation>露出した通信</translation>
    </message>
</context>
<context>
    <name>straggler.metric.gpuIdle</name>
    <message>
        <source>GPU idle</source>
        <translation>GPU アイドル</translation>
    </message>
</context>
<context>
    <name>straggler.metric.lateArrivals</name>
    <message>
        <source>last arrivals</source>
        <translation>最後の到着</translation>
    </message>
</context>
<context>
    <name>straggler.metric.launchGap</name>
    <message>
        <source>launch gaps</source>
        <translation>起動の隙間</translation>
    </message>
</context>
<context>
    <name>straggler.metric.logProblems</name>
    <message>
        <source>log problems</source>
        <translation>ログの問題</translation>
    </message>
</context>
<context>
    <name>straggler.metric.stepTime</name>
    <message>
        <source>step time</source>
        <translation>ステップ時間</translation>
    </message>
</context>
<context>
    <name>straggler.metric.timerBatch</name>
    <message>
        <source>timer batch generator</source>
        <translation>タイマー batch generator</translation>
    </message>
</context>
<context>
    <name>straggler.metric.timerCommunication</name>
    <message>
        <source>timer communication</source>
        <translation>タイマー通信</translation>
    </message>
</context>
<context>
    <name>straggler.metric.timerCompute</name>
    <message>
        <source>timer compute</source>
        <translation>タイマー計算</translation>
    </message>
</context>
<context>
    <name>straggler.metric.unknown</name>
    <message>
        <source>unknown metric</source>
        <translation>不明な指標</translation>
    </message>
</context>
<context>
    <name>straggler.noun.causedWait</name>
    <message>
        <source>wait it causes at collectives</source>
        <translation>集団通信で引き起こす待ち</translation>
    </message>
</context>
<context>
    <name>straggler.noun.collectiveWait</name>
    <message>
        <source>collective wait</source>
        <translation>集団通信の待ち</translation>
    </message>
</context>
<context>
    <name>straggler.noun.commPerGigabyte</name>
    <message>
        <source>communication time per GB on the bus</source>
        <translation>バス上の GB あたりの通信時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.communicationTime</name>
    <message>
        <source>communication time</source>
        <translation>通信時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.communicationTransfer</name>
    <message>
        <source>communication transfer time</source>
        <translation>通信転送時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.computeTime</name>
    <message>
        <source>compute time</source>
        <translation>計算時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.cpuOpTime</name>
    <message>
        <source>CPU op time</source>
        <translation>CPU オペレーター時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.detectorGetBatch</name>
    <message>
        <source>get_batch latency in Megatron's straggler detector</source>
        <translation>Megatron の straggler detector の get_batch 遅延</translation>
    </message>
</context>
<context>
    <name>straggler.noun.detectorRoundTrip</name>
    <message>
        <source>round trip in Megatron's straggler detector</source>
        <translation>Megatron の straggler detector の往復時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.exposedCommunication</name>
    <message>
        <source>exposed communication</source>
        <translation>露出した通信</translation>
    </message>
</context>
<context>
    <name>straggler.noun.gpuIdle</name>
    <message>
        <source>GPU idle time</source>
        <translation>GPU アイドル時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.lateArrivals</name>
    <message>
        <source>count of last arrivals at collectives</source>
        <translation>集団通信で最後に到着した回数</translation>
    </message>
</context>
<context>
    <name>straggler.noun.launchGap</name>
    <message>
        <source>kernel launch gap time</source>
        <translation>カーネル起動の隙間時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.logProblems</name>
    <message>
        <source>error and warning log events</source>
        <translation>エラーと警告のログイベント</translation>
    </message>
</context>
<context>
    <name>straggler.noun.stepTime</name>
    <message>
        <source>step time</source>
        <translation>ステップ時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.time</name>
    <message>
        <source>time</source>
        <translation>時間</translation>
    </message>
</context>
<context>
    <name>straggler.noun.timerBatch</name>
    <message>
        <source>batch generator time (Megatron timers)</source>
        <translation>batch generator の時間（Megatron タイマー）</translation>
    </message>
</context>
<context>
    <name>straggler.noun.timerCommunication</name>
    <message>
        <source>communication time (Megatron timers)</source>
        <translation>通信時間（Megatron タイマー）</translation>
    </message>
</context>
<context>
    <name>straggler.noun.timerCompute</name>
    <message>
        <source>forward and backward compute time (Megatron timers)</source>
        <translation>順伝播と逆伝播の計算時間（Megatron タイマー）</translation>
    </message>
</context>
<context>
    <name>straggler.subject.node</name>
    <message>
        <source>%1 (ranks %2)</source>
        <translation>%1（ランク %2）</translation>
    </message>
</context>
<context>
    <name>straggler.subject.rank</name>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>straggler.subject.rankOnNode</name>
    <message>
        <source>rank %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>straggler.subject.ranks</name>
    <message>
        <source>ranks %1</source>
        <translation>ランク %1</translation>
    </message>
</context>
<context>
    <name>straggler.subject.ranksOnNode</name>
    <message>
        <source>ranks %1 (%2)</source>
        <translation>ランク %1（%2）</translation>
    </message>
</context>
<context>
    <name>straggler.summary.cannotTellFromLogs</name>
    <message>
        <source>Cannot tell stragglers from these logs: %1; comparing ranks needs the step times of every rank (one profiler trace per rank in traces/, or iteration lines from every rank).</source>
        <translation>これらのログからはストラグラーを判断できません：%1。ランクを比較するにはすべてのランクのステップ時間が必要です（traces/ にランクごとのプロファイラートレース、またはすべてのランクのイテレーション行）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.clocksPoor</name>
    <message>
        <source>The clocks of the traces could not be aligned well enough to compare arrivals: collective waits and arrival order were left out.</source>
        <translation>トレースの時計を到着順を比較できるほど揃えられませんでした：集団通信の待ちと到着順は除外しました。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.groupSplits</name>
    <message>
        <source>Inconclusive: from %1 the %2 group splits on %3 without a strict healthy majority, so no rank can be named.</source>
        <translation>結論なし：%1 から %2 グループが%3で割れており、健全な厳密過半数がないため、ランクを特定できません。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.inconclusive</name>
    <message>
        <source>Inconclusive: the peers disagree without a strict healthy majority, so no rank can be named.</source>
        <translation>結論なし：ピア間で食い違いがあり、健全な厳密過半数がないため、ランクを特定できません。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noData</name>
    <message>
        <source>No profiler trace windows to analyze.</source>
        <translation>分析するプロファイラートレースのウィンドウがありません。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.node</name>
    <message>
        <source>%1 is slow: %2</source>
        <translation>%1 は遅い：%2</translation>
    </message>
</context>
<context>
    <name>straggler.summary.nodeCost</name>
    <message>
        <source>%1; they cost the job %2</source>
        <translation>%1；これによりジョブは %2 を失います</translation>
    </message>
</context>
<context>
    <name>straggler.summary.nodeTentative</name>
    <message>
        <source>%1 may be slow (tentative, %2): %3</source>
        <translation>%1 は遅い可能性があります（暫定、%2）：%3</translation>
    </message>
</context>
<context>
    <name>straggler.summary.nodeWaits</name>
    <message>
        <source>%1 wait for other ranks: their %2 is %3 above the peers' %4, but no rank was found slow at its own work</source>
        <translation>%1 は他のランクを待っています：%4、%2がピアより %3 高いものの、自身の処理が遅いランクは見つかりませんでした</translation>
    </message>
</context>
<context>
    <name>straggler.summary.none</name>
    <message>
        <source>No straggler.</source>
        <translation>ストラグラーなし。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneInIterations</name>
    <message>
        <source>No straggler found in the %1 iterations the traces hold: no rank stands out as slower at its own work while its peers wait for it (%2 or more iterations would also test persistence).</source>
        <translation>トレースに含まれる %1 イテレーションではストラグラーは見つかりませんでした：自身の処理が遅くてピアを待たせているランクはありません（%2 イテレーション以上あれば持続性も検証できます）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneInOneIteration</name>
    <message>
        <source>No straggler found in the one iteration the traces hold: no rank stands out as slower at its own work while its peers wait for it (%1 or more iterations would also test persistence).</source>
        <translation>トレースに含まれる 1 イテレーションではストラグラーは見つかりませんでした：自身の処理が遅くてピアを待たせているランクはありません（%1 イテレーション以上あれば持続性も検証できます）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneInOneTimeBin</name>
    <message>
        <source>No straggler found in the one time bin the traces hold: no rank stands out as slower at its own work while its peers wait for it (%1 or more time bins would also test persistence).</source>
        <translation>トレースに含まれる 1 タイムビンではストラグラーは見つかりませんでした：自身の処理が遅くてピアを待たせているランクはありません（%1 タイムビン以上あれば持続性も検証できます）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneInTimeBins</name>
    <message>
        <source>No straggler found in the %1 time bins the traces hold: no rank stands out as slower at its own work while its peers wait for it (%2 or more time bins would also test persistence).</source>
        <translation>トレースに含まれる %1 タイムビンではストラグラーは見つかりませんでした：自身の処理が遅くてピアを待たせているランクはありません（%2 タイムビン以上あれば持続性も検証できます）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneIterations</name>
    <message>
        <source>No straggler: every peer group agreed in (nearly) every iteration.</source>
        <translation>ストラグラーなし：すべてのピアグループが（ほぼ）すべてのイテレーションで一致しました。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneTimeBins</name>
    <message>
        <source>No straggler: every peer group agreed in (nearly) every time bin.</source>
        <translation>ストラグラーなし：すべてのピアグループが（ほぼ）すべてのタイムビンで一致しました。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.onePoorlyAligned</name>
    <message>
        <source>Collective waits and arrival order of 1 poorly aligned rank were left out.</source>
        <translation>時計の揃いが悪い 1 個のランクの集団通信の待ちと到着順は除外しました。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.oneWaitsForNode</name>
    <message>
        <source>%1; 1 rank waits for them in collectives</source>
        <translation>%1；1 個のランクが集団通信でこれらを待っています</translation>
    </message>
</context>
<context>
    <name>straggler.summary.oneWaitsForRank</name>
    <message>
        <source>%1; 1 rank waits for it in collectives</source>
        <translation>%1；1 個のランクが集団通信でこのランクを待っています</translation>
    </message>
</context>
<context>
    <name>straggler.summary.onlySomeTimed</name>
    <message>
        <source>Only %1 of %2 ranks were compared: the logs give no step times for the other %3 ranks.</source>
        <translation>比較したのは %2 個中 %1 個のランクのみです：残り %3 個のランクはログにステップ時間がありません。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.onlySomeTimedOneOther</name>
    <message>
        <source>Only %1 of %2 ranks were compared: the logs give no step times for the other 1 rank.</source>
        <translation>比較したのは %2 個中 %1 個のランクのみです：残り 1 個のランクはログにステップ時間がありません。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.otherSuspect</name>
    <message>
        <source>%1; 1 other suspect</source>
        <translation>%1；他に疑わしい対象が 1 件</translation>
    </message>
</context>
<context>
    <name>straggler.summary.otherSuspects</name>
    <message>
        <source>%1; %2 other suspects</source>
        <translation>%1；他に疑わしい対象が %2 件</translation>
    </message>
</context>
<context>
    <name>straggler.summary.poorlyAligned</name>
    <message>
        <source>Collective waits and arrival order of %1 poorly aligned ranks were left out.</source>
        <translation>時計の揃いが悪い %1 個のランクの集団通信の待ちと到着順は除外しました。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.rank</name>
    <message>
        <source>%1 is a straggler: %2</source>
        <translation>%1 はストラグラーです：%2</translation>
    </message>
</context>
<context>
    <name>straggler.summary.rankCost</name>
    <message>
        <source>%1; it costs the job %2</source>
        <translation>%1；これによりジョブは %2 を失います</translation>
    </message>
</context>
<context>
    <name>straggler.summary.rankTentative</name>
    <message>
        <source>%1 may be a straggler (tentative, %2): %3</source>
        <translation>%1 はストラグラーの可能性があります（暫定、%2）：%3</translation>
    </message>
</context>
<context>
    <name>straggler.summary.rankWaits</name>
    <message>
        <source>%1 waits for other ranks: its %2 is %3 above the peers' %4, but no rank was found slow at its own work</source>
        <translation>%1 は他のランクを待っています：%4、%2がピアより %3 高いものの、自身の処理が遅いランクは見つかりませんでした</translation>
    </message>
</context>
<context>
    <name>straggler.summary.tooFewRanks</name>
    <message>
        <source>Too few equivalent ranks: naming a straggler needs peer groups of at least 3 ranks.</source>
        <translation>同等なランクが少なすぎます：ストラグラーを特定するには 3 個以上のランクからなるピアグループが必要です。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.waitForNode</name>
    <message>
        <source>%1; %2 ranks wait for them in collectives</source>
        <translation>%1；%2 個のランクが集団通信でこれらを待っています</translation>
    </message>
</context>
<context>
    <name>straggler.summary.waitForRank</name>
    <message>
        <source>%1; %2 ranks wait for it in collectives</source>
        <translation>%1；%2 個のランクが集団通信でこのランクを待っています</translation>
    </message>
</context>
<context>
    <name>straggler.suspect</name>
    <message>
        <source>%1: %2 %3 over peer median %4, %5</source>
        <translation>%1：%4、%2がピアの中央値に対して %3、%5</translation>
    </message>
</context>
<context>
    <name>straggler.suspect.cost</name>
    <message>
        <source>%1; costs the job %2</source>
        <translation>%1；ジョブの損失 %2</translation>
    </message>
</context>
<context>
    <name>straggler.suspect.waiter</name>
    <message>
        <source>%1; it waits for other ranks rather than making them wait</source>
        <translation>%1；他のランクを待たせているのではなく、自身が待っています</translation>
    </message>
</context>
<context>
    <name>straggler.suspectAlso</name>
    <message>
        <source>%1: %2 %3 over peer median %4 (%5), %6</source>
        <translation>%1：%4、%2がピアの中央値に対して %3（%5）、%6</translation>
    </message>
</context>
<context>
    <name>straggler.when.everyIteration</name>
    <message>
        <source>every %1 iteration %2</source>
        <translation>%2、%1 イテレーションごと</translation>
    </message>
</context>
<context>
    <name>straggler.when.everyTimeBin</name>
    <message>
        <source>every %1 time bin %2</source>
        <translation>%2、%1 タイムビンごと</translation>
    </message>
</context>
<context>
    <name>straggler.when.from</name>
    <message>
        <source>from %1</source>
        <translation>%1 から</translation>
    </message>
</context>
<context>
    <name>straggler.when.in</name>
    <message>
        <source>in %1</source>
        <translation>%1 で</translation>
    </message>
</context>
<context>
    <name>straggler.when.inIterations</name>
    <message>
        <source>in iterations %1-%2</source>
        <translation>イテレーション %1-%2 で</translation>
    </message>
</context>
<context>
    <name>straggler.when.inTimeBins</name>
    <message>
        <source>in time bins %1-%2</source>
        <translation>タイムビン %1-%2 で</translation>
    </message>
</context>
<context>
    <name>straggler.window.iteration</name>
    <message>
        <source>iteration %1</source>
        <translation>イテレーション %1</translation>
    </message>
</context>
<context>
    <name>straggler.window.timeBin</name>
    <message>
        <source>time bin %1</source>
        <translation>タイムビン %1</translation>
    </message>
</context>
<context>
    <name>straggler.windows.many</name>
    <message>
        <source>%1 windows</source>
        <translation>%1 ウィンドウ</translation>
    </message>
</context>
<context>
    <name>straggler.windows.one</name>
    <message>
        <source>one window</source>
        <translation>1 ウィンドウ</translation>
    </message>
</context>
<context>
    <name>straggler.windows.two</name>
    <message>
        <source>two windows</source>
        <translation>2 ウィンドウ</translation>
    </message>
</context>
<context>
    <name>text.sentences</name>
    <message>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
</context>
</TS>