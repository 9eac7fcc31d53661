<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="ja_JP">
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
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more frames</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
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
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>search: %n frame</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>search: %n frames</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>on ranks %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>rank %1 highlighted</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>narrower than a pixel</source>
        <translation>1 ピクセルより狭い</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>same stack class:</source>
        <translation type="unfinished" />
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
</context>
<context>
    <name>FlameGraphText</name>
    <message>
        <source>the only rank</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>all %n ranks</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>has: %1 | missing: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
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
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n frames narrower than a pixel&lt;/b&gt;</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>widest: %1 (%2)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Double-click to zoom in.</source>
        <translation>ダブルクリックでズームイン。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank with data</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ranks with data</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>no data: %1</source>
        <translation>データなし：%1</translation>
    </message>
    <message>
        <source>width = ranks</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>width = samples</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>threads: %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n frame</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n frames</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
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
        <translation type="unfinished" />
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
        <translation type="unfinished" />
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
        <translation type="unfinished" />
    </message>
    <message>
        <source>invalid pattern</source>
        <translation>無効なパターン</translation>
    </message>
    <message numerus="yes">
        <source>%n frame</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n frames</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ranks through the matching frames: %1</source>
        <translation type="unfinished" />
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
        <translation type="unfinished" />
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
        <source>unknown view "%1" (available: flamegraph)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no bundle given (name one, or use --demo)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>--out must name a .png or .svg file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown frame identity "%1" (function, file or line)</source>
        <translation type="unfinished" />
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
        <source>&lt;b&gt;rankscope %1&lt;/b&gt;&lt;br&gt;Finds the rank, node or group that stalls a distributed training job by comparing every rank's stacks.&lt;br&gt;Candidates and evidence, not proven causes.</source>
        <translation type="unfinished" />
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
        <source>Open Bundle &amp;Archive…</source>
        <translation>バンドルアーカイブを開く(&amp;A)…</translation>
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
        <source>Open a job bundle (File &gt; Open, or drop a folder here) to merge the stacks of every rank.</source>
        <translation>ジョブバンドルを開くと（ファイル &gt; 開く、またはフォルダーをここにドロップ）、全ランクのスタックをマージします。</translation>
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
        <source>Open Job Bundle Archive</source>
        <translation>ジョブバンドルのアーカイブを開く</translation>
    </message>
    <message>
        <source>Bundle archives (*.tar *.tar.gz *.tgz *.tar.zst);;All files (*)</source>
        <translation>バンドルアーカイブ (*.tar *.tar.gz *.tgz *.tar.zst);;すべてのファイル (*)</translation>
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
        <translation>
            <numerusform>インポート中に %n 件のファイルの問題がありました。他はすべてインポート済みです。「インポートの問題」を参照してください。</numerusform></translation>
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
        <source>%1 ranks with data, %2 without, %3 frames merged</source>
        <translation>データのあるランク %1、データなし %2、マージしたフレーム %3</translation>
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
        <translation>
            <numerusform>インポート中に %n 件の問題。他のファイルは正常にインポートされました。</numerusform></translation>
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
        <translation type="unfinished" />
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
        <translation type="unfinished" />
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
        <translation type="unfinished" />
    </message>
    <message>
        <source>missing %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no data %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>rank %1 traced</source>
        <translation type="unfinished" />
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
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation type="unfinished">
            <numerusform />
        </translation>
    </message>
    <message>
        <source>No suspects: the ranks' stacks agree.</source>
        <translation>疑わしい対象はありません：各ランクのスタックは一致しています。</translation>
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
        <translation type="unfinished" />
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot export %1: the view is empty.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot export %1: unknown picture format "%2"; use .png or .svg.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: the SVG painter did not start.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Find the rank that stalls a distributed training job: merged cross-rank flame graphs of py-spy dumps, with the ranks that have, miss or sent no data for every frame.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Job bundle: a folder, .tar, .tar.gz or .tar.zst archive.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the built-in demo bundle.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Render VIEW (flamegraph) to --out without a window.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Picture to write (.png or .svg).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Frame identity: function, file or line.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Threads: main, all, or a thread name.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Exported picture width in pixels.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>User interface language (zh_CN, ja, en).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Open the bundle, save a picture of the whole window to FILE once the analysis is shown, and quit (for docs).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>cannot write the demo bundle: %1</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>