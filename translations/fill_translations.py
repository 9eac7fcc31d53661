#!/usr/bin/env python3
"""Fills the zh_CN and ja catalogs from the table below after `lupdate` has added new sources.

Run translations/update.sh, which calls lupdate and then this script. Sources without an entry
stay unfinished (Qt shows the English text) and are listed on stderr, and the script then exits
with status 1; so does a translation that drops a placeholder (%1, %n) or a rich-text tag. The
table is the single place translations live.
"""
import re
import sys
import xml.etree.ElementTree as ET

# source text -> (Simplified Chinese, Japanese)
T = {
    "&File": ("文件(&F)", "ファイル(&F)"),
    "Open &Recent": ("最近打开(&R)", "最近使ったバンドル(&R)"),
    "&View": ("视图(&V)", "表示(&V)"),
    "&Help": ("帮助(&H)", "ヘルプ(&H)"),
    "&Open Bundle Folder…": ("打开作业包文件夹(&O)…", "バンドルフォルダーを開く(&O)…"),
    "Re&import Bundle": ("重新导入作业包(&I)", "バンドルを再インポート(&I)"),
    "&Export Image…": ("导出图片(&E)…", "画像をエクスポート(&E)…"),
    "&Quit": ("退出(&Q)", "終了(&Q)"),
    "&About rankscope": ("关于 rankscope(&A)", "rankscope について(&A)"),
    "About rankscope": ("关于 rankscope", "rankscope について"),
    "Zoom &Out": ("缩小(&O)", "ズームアウト(&O)"),
    "&Reset Zoom": ("重置缩放(&R)", "ズームをリセット(&R)"),
    "&Find Frame": ("查找栈帧(&F)", "フレームを検索(&F)"),
    "Cancel": ("取消", "キャンセル"),
    "Search frames (Ctrl+F)": ("搜索栈帧 (Ctrl+F)", "フレームを検索 (Ctrl+F)"),
    "Search frames…": ("搜索栈帧…", "フレームを検索…"),
    # --- start page, empty states, stack choices ---
    "All samples of each rank merged, or only each rank's latest dump (where it is now)": (
        "合并每个 rank 的全部采样，或只取每个 rank 最新的转储（它现在所在的位置）",
        "各ランクの全サンプルをまとめるか、各ランクの最新のダンプ（現在の位置）だけを使うか"),
    "How the stacks are merged, for the flame graph, the suspects and the Diff's stack paths": (
        "栈的合并方式，作用于火焰图、嫌疑对象和对比视图中的栈路径",
        "スタックのまとめ方（フレームグラフ、疑わしい対象、差分のスタックパスに適用）"),
    "The log templates need the job's output: the launcher's combined log (torchrun, srun, mpirun, kubectl) or per-rank files under <tt>logs/</tt>. Errors, warnings and the lines only some ranks wrote are ranked there.": (
        "日志模板需要作业的输出：启动器的合并日志（torchrun、srun、mpirun、kubectl）或 <tt>logs/</tt> 下每个 rank 的文件。错误、警告以及只有部分 rank 写出的行会在那里排序。",
        "ログテンプレートにはジョブの出力が必要です：ランチャーの統合ログ（torchrun、srun、mpirun、kubectl）か、<tt>logs/</tt> 以下のランクごとのファイル。エラー、警告、一部のランクだけが書いた行がそこで順位付けされます。"),
    "About the Diff": ("关于对比", "差分について"),
    "Cannot write the demo bundle: %1": ("无法写出演示作业包：%1", "デモバンドルを書き出せません: %1"),
    "Compare with Baseline…": ("与基线对比…", "ベースラインと比較…"),
    "Frame identity: frames with the same function merge, or only those with the same file, or the same file and line": (
        "栈帧标识：函数相同的栈帧合并，或仅合并文件相同的，或文件和行号都相同的",
        "フレームの同一性：関数が同じフレームをまとめるか、ファイルも同じもの、ファイルと行も同じものだけをまとめるか"),
    "How to Capture Stacks": ("如何采集栈", "スタックの取得方法"),
    "How to Capture Them": ("如何采集", "取得方法"),
    "How to Capture Traces": ("如何采集跟踪", "トレースの取得方法"),
    "Log Formats": ("日志格式", "ログ形式"),
    "No baseline to compare with": ("没有可对比的基线", "比較するベースラインがありません"),
    "No collective records in this bundle": ("此作业包中没有集合通信记录", "このバンドルには集団通信の記録がありません"),
    "No logs in this bundle": ("此作业包中没有日志", "このバンドルにはログがありません"),
    "No profiler traces in this bundle": ("此作业包中没有性能分析跟踪", "このバンドルにはプロファイラーのトレースがありません"),
    "No stack dumps in this bundle": ("此作业包中没有栈转储", "このバンドルにはスタックダンプがありません"),
    "Show Heatmap": ("显示热力图", "ヒートマップを表示"),
    "Show Logs": ("显示日志", "ログを表示"),
    "Show Stacks": ("显示栈", "スタックを表示"),
    "Stacks:": ("栈：", "スタック:"),
    "The Diff puts a healthy run of the same job beside this one: the stack paths, log templates, step times and operator times that changed. Open the healthy run's bundle as the baseline, or name it as <tt>\"baseline\"</tt> in this bundle's <tt>job.json</tt>.": (
        "对比视图把同一作业的一次健康运行放在本次运行旁边：变化的栈路径、日志模板、步时间和算子时间。请把健康运行的作业包作为基线打开，或在本作业包的 <tt>job.json</tt> 中以 <tt>\"baseline\"</tt> 指定它。",
        "差分は同じジョブの正常な実行をこの実行の隣に並べます：変わったスタックパス、ログテンプレート、ステップ時間、演算子の時間。正常な実行のバンドルをベースラインとして開くか、このバンドルの <tt>job.json</tt> に <tt>\"baseline\"</tt> として指定してください。"),
    "The merged flame graph needs a py-spy dump of each rank (<tt>py-spy dump --pid PID</tt>, text or <tt>--json</tt>) under <tt>stacks/</tt>, ideally two or three samples a few seconds apart. It shows which ranks are stuck where, and who the others wait for.": (
        "合并火焰图需要 <tt>stacks/</tt> 下每个 rank 的 py-spy 转储（<tt>py-spy dump --pid PID</tt>，文本或 <tt>--json</tt>），最好相隔几秒采集两三次。它显示哪些 rank 卡在哪里，以及其他 rank 在等谁。",
        "統合フレームグラフには <tt>stacks/</tt> 以下に各ランクの py-spy ダンプ（<tt>py-spy dump --pid PID</tt>、テキストまたは <tt>--json</tt>）が必要です。数秒おきに 2〜3 回取るのが理想です。どのランクがどこで止まり、他のランクが誰を待っているかを示します。"),
    "The per-group sequence of collectives comes from Flight Recorder dumps (<tt>TORCH_NCCL_TRACE_BUFFER_SIZE</tt> set; files under <tt>fr/</tt>), from the NCCL watchdog and desync lines in the logs, or from communication kernels with sequence numbers in the traces. This bundle has none.": (
        "每个进程组的集合通信序列来自 Flight Recorder 转储（设置 <tt>TORCH_NCCL_TRACE_BUFFER_SIZE</tt>；文件位于 <tt>fr/</tt>）、日志中的 NCCL watchdog 和 desync 行，或跟踪中带序号的通信内核。此作业包中都没有。",
        "グループごとの集団通信の列は、Flight Recorder のダンプ（<tt>TORCH_NCCL_TRACE_BUFFER_SIZE</tt> を設定、<tt>fr/</tt> 以下のファイル）、ログの NCCL watchdog と desync の行、またはトレース中のシーケンス番号付き通信カーネルから得られます。このバンドルにはどれもありません。"),
    "The rank-by-time heatmap and the stragglers need a PyTorch profiler trace per rank (<tt>*.pt.trace.json</tt>, gzip or zstd) under <tt>traces/</tt>; even one or two profiler steps on every rank are enough to compare the ranks.": (
        "rank × 时间热力图和慢节点检测需要 <tt>traces/</tt> 下每个 rank 的 PyTorch 性能分析跟踪（<tt>*.pt.trace.json</tt>，可 gzip 或 zstd 压缩）；每个 rank 哪怕只有一两个 profiler 步骤也足以比较各 rank。",
        "ランク×時間のヒートマップと遅いランクの検出には、<tt>traces/</tt> 以下にランクごとの PyTorch プロファイラーのトレース（<tt>*.pt.trace.json</tt>、gzip または zstd）が必要です。各ランクに 1〜2 ステップあればランクを比較できます。"),
    "Which processes: the training ranks, or also helpers such as DataLoader workers, by role": (
        "哪些进程：训练 rank，或按角色也包括 DataLoader worker 等辅助进程",
        "どのプロセスか：学習ランクだけか、役割別に DataLoader ワーカーなどの補助プロセスも含めるか"),
    "Which stacks the flame graph merges: the py-spy dumps, or the call sites the Flight Recorder dumps recorded": (
        "火焰图合并哪些栈：py-spy 转储，或 Flight Recorder 转储记录的调用点",
        "フレームグラフがまとめるスタック：py-spy のダンプか、Flight Recorder のダンプが記録した呼び出し元か"),
    "Which threads of each process: the main thread (where training code runs), all threads, or one thread by name": (
        "每个进程的哪些线程：主线程（训练代码运行处）、全部线程，或按名称选一个线程",
        "各プロセスのどのスレッドか：メインスレッド（学習コードが動く所）、全スレッド、または名前で選んだ 1 スレッド"),
    "A 64-rank job that hangs in one rank's data loader; the arrow offers the other demos.": (
        "一个 64 rank 的作业，卡在某个 rank 的数据加载器中；箭头提供其他演示。",
        "1 つのランクのデータローダーで止まる 64 ランクのジョブ。矢印から他のデモも選べます。"),
    "Find the rank, node or group that stalled or slowed a distributed training job, from every rank's stacks, logs, profiler traces and collectives.": (
        "根据每个 rank 的栈、日志、性能分析跟踪和集合通信，找出让分布式训练作业卡住或变慢的 rank、节点或进程组。",
        "各ランクのスタック、ログ、プロファイラーのトレース、集団通信から、分散学習ジョブを止めた・遅くしたランク、ノード、グループを見つけます。"),
    "Hang in one rank's data loader (stacks, logs)": ("某个 rank 的数据加载器卡住（栈、日志）", "1 ランクのデータローダーで停止（スタック、ログ）"),
    "%1    %2 (not found)": ("%1    %2（未找到）", "%1    %2（見つかりません）"),
    "A bundle archive (.tar.zst, .tar.gz, .rankscope), or a single profiler trace, stack dump or log.": (
        "作业包归档（.tar.zst、.tar.gz、.rankscope），或单个性能分析跟踪、栈转储或日志。",
        "バンドルのアーカイブ（.tar.zst、.tar.gz、.rankscope）、または単独のプロファイラートレース、スタックダンプ、ログ。"),
    "Bundles you open are listed here.": ("打开过的作业包会列在这里。", "開いたバンドルがここに表示されます。"),
    "Clear List": ("清空列表", "一覧を消去"),
    "Drop a bundle folder, an archive or a single trace, dump or log anywhere on this window.": (
        "把作业包文件夹、归档或单个跟踪、转储、日志拖放到此窗口的任意位置。",
        "バンドルのフォルダー、アーカイブ、または単独のトレース・ダンプ・ログをこのウィンドウのどこにでもドロップしてください。"),
    "One node with slow links (profiler traces, stacks)": ("一个节点链路变慢（性能分析跟踪、栈）", "リンクが遅い 1 ノード（プロファイラートレース、スタック）"),
    "One slow GPU (profiler traces, stacks)": ("一块 GPU 变慢（性能分析跟踪、栈）", "遅い GPU 1 基（プロファイラートレース、スタック）"),
    "Open Archive or File…": ("打开归档或文件…", "アーカイブまたはファイルを開く…"),
    "Open Bundle Folder…": ("打开作业包文件夹…", "バンドルフォルダーを開く…"),
    "Open Demo": ("打开演示", "デモを開く"),
    "Recent bundles": ("最近的作业包", "最近のバンドル"),
    # --- rank detail in the main area ---
    "Rank Detail in the &Main Area": ("在主区域显示 Rank 详情(&M)", "ランク詳細をメイン領域に表示(&M)"),
    "The rank detail is in the main area.": ("Rank 详情显示在主区域中。", "ランク詳細はメイン領域に表示されています。"),
    "Back to the Views": ("返回视图", "ビューに戻る"),
    "Expand": ("展开", "拡大"),
    "Put the rank detail back in its dock (Escape)": ("把 Rank 详情放回停靠面板（Esc）", "ランク詳細をドックに戻す（Esc）"),
    "Show the rank detail in the main area, with room for every thread and GPU stream": (
        "在主区域显示 Rank 详情，为每个线程和 GPU 流留出空间",
        "ランク詳細をメイン領域に表示し、すべてのスレッドと GPU ストリームを表示できる広さにする"),
    # --- flame graph: readable minority branches ---
    "widened to stay readable": ("已加宽以便阅读", "読めるよう拡大"),
    "Drawn wider than its share (dashed underline) so that this branch of few ranks stays readable.": (
        "此分支只有少数 rank，绘制得比实际占比更宽（虚线下划线），以便阅读。",
        "少数のランクだけが通るこの分岐は、読めるように実際の割合より広く描いています（破線の下線）。"),
    "Regex": ("正则", "正規表現"),
    "Suspects": ("嫌疑对象", "疑わしい対象"),
    "Frame": ("栈帧", "フレーム"),
    "Ranks": ("Rank 列表", "ランク"),
    "Import Problems": ("导入问题", "インポートの問題"),
    "Function": ("函数", "関数"),
    "Function + file": ("函数 + 文件", "関数 + ファイル"),
    "Function + file + line": ("函数 + 文件 + 行号", "関数 + ファイル + 行"),
    "All samples": ("全部采样", "すべてのサンプル"),
    "Latest sample": ("最新采样", "最新のサンプル"),
    "Width: ranks": ("宽度：rank 数", "幅：ランク数"),
    "Width: samples": ("宽度：采样数", "幅：サンプル数"),
    "Icicle": ("冰柱图", "アイシクル"),
    "Flame": ("火焰图", "フレイム"),
    "Icicle (root on top)": ("冰柱图（根在上）", "アイシクル（ルートが上）"),
    "Flame (root at bottom)": ("火焰图（根在下）", "フレイム（ルートが下）"),
    "Main thread": ("主线程", "メインスレッド"),
    "All threads": ("全部线程", "すべてのスレッド"),
    "Main processes": ("主进程", "メインプロセス"),
    "All process types": ("全部进程类型", "すべてのプロセス種別"),
    "Thread: %1": ("线程：%1", "スレッド：%1"),
    "Role: %1": ("角色：%1", "ロール：%1"),
    "rankscope": ("rankscope", "rankscope"),
    "%1 - rankscope": ("%1 - rankscope", "%1 - rankscope"),
    "Merging stacks…": ("正在合并调用栈…", "スタックをマージ中…"),
    "no match": ("无匹配", "一致なし"),
    "%n frame(s), ranks %1": ("%n 个栈帧，rank %1", "%n 個のフレーム、ランク %1"),
    "Open Job Bundle Folder": ("打开作业包文件夹", "ジョブバンドルのフォルダーを開く"),
    "Importing %1…": ("正在导入 %1…", "%1 をインポート中…"),
    "Importing: %1": ("导入中：%1", "インポート中：%1"),
    "%1 files (%2 parsed, %3 from cache), %4 samples, %5 s": (
        "%1 个文件（解析 %2 个，缓存 %3 个），%4 个采样，%5 秒",
        "%1 ファイル（解析 %2、キャッシュ %3）、%4 サンプル、%5 秒"),
    "%n file problem(s) during import; everything else was imported. See Import Problems.": (
        "导入时有 %n 个文件问题；其余内容已导入。请查看“导入问题”。",
        "インポート中に %n 件のファイルの問題がありました。他はすべてインポート済みです。「インポートの問題」を参照してください。"),
    "Cannot open the bundle: %1": ("无法打开作业包：%1", "バンドルを開けません：%1"),
    "Import cancelled; the cache keeps its previous state.": (
        "导入已取消；缓存保持之前的状态。", "インポートを取り消しました。キャッシュは以前の状態のままです。"),
    "Highlighting the path of rank %1": ("正在高亮 rank %1 的路径", "ランク %1 のパスを強調表示中"),
    "Export Image": ("导出图片", "画像をエクスポート"),
    "PNG image (*.png);;SVG image (*.svg)": ("PNG 图片 (*.png);;SVG 图片 (*.svg)", "PNG 画像 (*.png);;SVG 画像 (*.svg)"),
    "Export failed: %1": ("导出失败：%1", "エクスポートに失敗しました：%1"),
    "Exported %1": ("已导出 %1", "%1 をエクスポートしました"),
    "nothing to export yet": ("尚无可导出的内容", "まだエクスポートするものがありません"),
    "File": ("文件", "ファイル"),
    "Line": ("行", "行"),
    "Problem": ("问题", "問題"),
    "No import problems.": ("没有导入问题。", "インポートの問題はありません。"),
    "No import problems": ("没有导入问题", "インポートの問題なし"),
    "%n import problem(s)": ("%n 个导入问题", "インポートの問題 %n 件"),
    "Show or hide the Import Problems panel": ("显示或隐藏“导入问题”面板", "「インポートの問題」パネルの表示/非表示"),
    "%n problem(s) while importing; the other files imported normally.": (
        "导入时出现 %n 个问题；其他文件已正常导入。", "インポート中に %n 件の問題。他のファイルは正常にインポートされました。"),
    "none": ("无", "なし"),
    "Ranks through this frame (double-click to highlight):": (
        "经过此栈帧的 rank（双击高亮）：", "このフレームを通るランク（ダブルクリックで強調表示）："),
    "Click a frame in the flame graph to see which ranks have it.": (
        "点击火焰图中的栈帧，查看哪些 rank 经过它。", "フレームグラフのフレームをクリックすると、それを持つランクが表示されます。"),
    "has: %1": ("包含：%1", "あり：%1"),
    "missing: %1": ("缺失：%1", "欠落：%1"),
    "no data: %1": ("无数据：%1", "データなし：%1"),
    "samples: %1 (%2 ending here)": ("采样：%1（%2 个止于此）", "サンプル：%1（ここで終わるもの %2）"),
    "rank %1": ("rank %1", "ランク %1"),
    "rank %1 (%2)": ("rank %1（%2）", "ランク %1（%2）"),
    "Rank": ("Rank", "ランク"),
    "Stacks": ("调用栈", "スタック"),
    "Node": ("节点", "ノード"),
    "Role": ("角色", "ロール"),
    "Progress": ("进展", "進行"),
    "Latest stack": ("最新调用栈", "最新のスタック"),
    "one sample": ("单个采样", "サンプル 1 件"),
    "stuck": ("卡住", "停止"),
    "progressing": ("在推进", "進行中"),
    "oscillating": ("来回振荡", "振動"),
    "yes": ("有", "あり"),
    "no data": ("无数据", "データなし"),
    "not compared": ("未比较", "比較対象外"),
    "Kind": ("类型", "種類"),
    "Reason": ("原因", "理由"),
    "No data": ("无数据", "データなし"),
    "Blocker": ("阻塞者", "ブロッカー"),
    "Desync": ("不同步", "非同期"),
    "Minority path": ("少数路径", "少数派パス"),
    "Missed by few": ("少数缺失", "少数が欠落"),
    "Stuck": ("卡住", "停止"),
    "No stacks analysed yet.": ("尚未分析调用栈。", "まだスタックを分析していません。"),
    "cut": ("已截断", "途切れ"),
    "The dump was cut inside this rank's stack: it is listed under the import problems and not compared.": ("该 rank 的转储在调用栈中途被截断：已列入导入问题，不参与比较。", "このランクのダンプはスタックの途中で途切れています：インポートの問題に表示され、比較には使われません。"),
    "No suspects: the ranks are progressing.": ("没有嫌疑对象：各 rank 都在推进。", "疑わしい対象はありません：各ランクは進行しています。"),
    "No suspects: the stacks cannot tell (see the verdict).": ("没有嫌疑对象：调用栈无法判断（见结论）。", "疑わしい対象はありません：スタックからは判断できません（判定を参照）。"),
    "No suspects: every rank has the same stack.": ("没有嫌疑对象：所有 rank 的调用栈相同。", "疑わしい対象はありません：すべてのランクのスタックが同じです。"),
    "No suspects: no path is rare enough to single out.": ("没有嫌疑对象：没有足够少见的路径可以单独指出。", "疑わしい対象はありません：特定できるほど稀な経路はありません。"),
    "Merged flame graph": ("合并火焰图", "マージしたフレームグラフ"),
    "Flame graph": ("火焰图", "フレームグラフ"),
    "Zoom path": ("缩放路径", "ズームの経路"),
    "All ranks": ("全部 rank", "全ランク"),
    "No stacks loaded.": ("未加载调用栈。", "スタックが読み込まれていません。"),
    "narrower than a pixel": ("窄于一个像素", "1 ピクセルより狭い"),
    "ranks that have the frame:": ("拥有该栈帧的 rank：", "フレームを持つランク："),
    "1 rank": ("1 个 rank", "1 ランク"),
    "all %1": ("全部 %1", "全 %1"),
    "has": ("包含", "あり"),
    "missing": ("缺失", "欠落"),
    "samples": ("采样", "サンプル"),
    "self samples": ("自身采样", "自身のサンプル"),
    "Double-click to zoom in.": ("双击放大。", "ダブルクリックでズームイン。"),
    "Zoom to Frame": ("缩放到该栈帧", "フレームにズーム"),
    "Copy Frame Name": ("复制栈帧名", "フレーム名をコピー"),
    "Copy Ranks That Have It": ("复制包含它的 rank", "持っているランクをコピー"),
    "Copy Missing Ranks": ("复制缺失的 rank", "欠落しているランクをコピー"),
    "Zoom Out": ("缩小", "ズームアウト"),
    "Reset Zoom": ("重置缩放", "ズームをリセット"),
    "invalid pattern": ("无效的模式", "無効なパターン"),
    "Colour: rank coverage": ("颜色：rank 覆盖率", "色：ランクのカバー率"),
    "Colour: stack class": ("颜色：调用栈等价类", "色：スタックの同値クラス"),
    "Selection: %1": ("选择：%1", "選択：%1"),
    "Frame identity: %1": ("栈帧标识：%1", "フレームの同一性：%1"),
    "Threads: %1": ("线程：%1", "スレッド：%1"),
    "Made: %1": ("生成时间：%1", "作成日時：%1"),
    "job %1": ("作业 %1", "ジョブ %1"),
    "Cannot write %1: %2": ("无法写入 %1：%2", "%1 に書き込めません：%2"),
    # Flame graph texts, legends and tooltips.
    "%n more frame": ("另有 %n 个栈帧", "ほか %n フレーム"),
    "%n more frames": ("另有 %n 个栈帧", "ほか %n フレーム"),
    "No stack samples for the chosen threads and process type.": (
        "所选线程和进程类型没有调用栈采样。", "選択したスレッドとプロセス種別のスタックサンプルがありません。"),
    "search: %n frame": ("搜索：%n 个栈帧", "検索：%n フレーム"),
    "search: %n frames": ("搜索：%n 个栈帧", "検索：%n フレーム"),
    "on ranks %1": ("位于 rank %1", "ランク %1 上"),
    "rank %1 highlighted": ("已高亮 rank %1", "ランク %1 を強調表示中"),
    "mixed": ("混合", "混在"),
    "same stack class:": ("同一调用栈等价类：", "同じスタックの同値クラス："),
    "the only rank": ("唯一的 rank", "唯一のランク"),
    "all %n ranks": ("全部 %n 个 rank", "全 %n ランク"),
    "has: %1 | missing: %2": ("包含：%1 | 缺失：%2", "あり：%1 | 欠落：%2"),
    "%n rank: %1": ("%n 个 rank：%1", "%n ランク：%1"),
    "%n ranks: %1": ("%n 个 rank：%1", "%n ランク：%1"),
    "<b>%n frame narrower than a pixel</b>": (
        "<b>%n 个窄于一个像素的栈帧</b>", "<b>1 ピクセルより狭いフレーム %n 個</b>"),
    "<b>%n frames narrower than a pixel</b>": (
        "<b>%n 个窄于一个像素的栈帧</b>", "<b>1 ピクセルより狭いフレーム %n 個</b>"),
    "widest: %1 (%2)": ("最宽：%1（%2）", "最も広い：%1（%2）"),
    "%n rank with data": ("%n 个 rank 有数据", "データのあるランク %n"),
    "%n ranks with data": ("%n 个 rank 有数据", "データのあるランク %n"),
    "width = ranks": ("宽度 = rank 数", "幅 = ランク数"),
    "width = samples": ("宽度 = 采样数", "幅 = サンプル数"),
    "threads: %1": ("线程：%1", "スレッド：%1"),
    "%n frame": ("%n 个栈帧", "%n フレーム"),
    "%n frames": ("%n 个栈帧", "%n フレーム"),
    "Highlights frames whose name contains the text (case-insensitive), or matches the regular "
    "expression when Regex is on.": (
        "高亮名称包含该文本（不区分大小写）的栈帧；开启“正则”时改为匹配正则表达式。",
        "名前にこのテキストを含む（大文字と小文字を区別しない）フレームを強調表示します。「正規表現」が"
        "オンのときは正規表現に一致するフレームを強調表示します。"),
    "Frame width by the number of ranks through it, or by samples.": (
        "栈帧宽度按经过它的 rank 数或按采样数计算。", "フレームの幅を、そこを通るランク数またはサンプル数で決めます。"),
    "Coverage: share of the ranks with data that have the frame. Stack class: ranks whose latest "
    "stacks are identical.": (
        "覆盖率：有数据的 rank 中拥有该栈帧的比例。调用栈等价类：最新调用栈完全相同的 rank。",
        "カバー率：データのあるランクのうち、そのフレームを持つ割合。スタックの同値クラス：最新のスタックが"
        "同一のランク。"),
    "ranks %1": ("rank %1", "ランク %1"),
    "Ranks through the matching frames: %1": ("经过匹配栈帧的 rank：%1", "一致するフレームを通るランク：%1"),
    "paint %1 ms · worst %2 ms · %3 boxes": (
        "绘制 %1 ms · 最慢 %2 ms · %3 个方框", "描画 %1 ms · 最悪 %2 ms · %3 ボックス"),
    "Filter: ranks (0-7,37) or text": ("筛选：rank（0-7,37）或文本", "フィルター：ランク（0-7,37）またはテキスト"),
    "Another process type, or outside the compared ranks.": (
        "其他进程类型，或不在参与比较的 rank 之内。", "別のプロセス種別、または比較対象外のランク。"),
    "has %1": ("包含 %1", "あり %1"),
    "missing %1": ("缺失 %1", "欠落 %1"),
    "no data %1": ("无数据 %1", "データなし %1"),
    "rank %1 traced": ("已追踪 rank %1 的路径", "ランク %1 の経路を追跡"),
    # Picture export.
    "PNG image (*.png)": ("PNG 图片 (*.png)", "PNG 画像 (*.png)"),
    "SVG drawing (*.svg)": ("SVG 矢量图 (*.svg)", "SVG 図形 (*.svg)"),
    "Cannot export %1: the view is empty.": ("无法导出 %1：视图为空。", "%1 をエクスポートできません：ビューが空です。"),
    'Cannot export %1: unknown picture format "%2"; use .png or .svg.': (
        "无法导出 %1：未知的图片格式“%2”；请使用 .png 或 .svg。",
        "%1 をエクスポートできません：不明な画像形式「%2」です。.png または .svg を使ってください。"),
    "Cannot write %1: the SVG painter did not start.": (
        "无法写入 %1：SVG 绘制器未能启动。", "%1 に書き込めません：SVG の描画を開始できませんでした。"),
    "the heatmap has no data yet": ("热力图还没有数据", "ヒートマップにはまだデータがありません"),
    "Heatmap: %1 by %2": ("热力图：%1（按%2）", "ヒートマップ：%1（%2別）"),
    "rank %1, window %2": ("rank %1，时间窗 %2", "ランク %1、ウィンドウ %2"),
    # Command line and headless export.
    "no bundle given (name one, or use --demo)": (
        "未指定作业包（请指定一个，或使用 --demo）", "バンドルが指定されていません（指定するか、--demo を使ってください）"),
    "--out must name a .png or .svg file": (
        "--out 必须指定 .png 或 .svg 文件", "--out には .png または .svg ファイルを指定してください"),
    'unknown frame identity "%1" (function, file or line)': (
        "未知的栈帧标识“%1”（function、file 或 line）", "不明なフレームの同一性「%1」（function、file、line のいずれか）"),
    'unknown view "%1" (available: flamegraph, heatmap, diff)': (
        "未知的视图“%1”（可用：flamegraph、heatmap、diff）",
        "不明なビュー「%1」（使用可能：flamegraph、heatmap、diff）"),
    'the diff view needs a baseline: --baseline BUNDLE, or "baseline" in the bundle\'s job.json': (
        "对比视图需要基线：使用 --baseline BUNDLE，或在作业包的 job.json 中设置 \"baseline\"",
        "差分ビューにはベースラインが必要です：--baseline BUNDLE を指定するか、バンドルの job.json に \"baseline\" を書いてください"),
    'no baseline: use --baseline or "baseline" in the bundle\'s job.json': (
        "没有基线：请使用 --baseline，或在作业包的 job.json 中设置 \"baseline\"",
        "ベースラインがありません：--baseline を使うか、バンドルの job.json に \"baseline\" を書いてください"),
    "both runs need profiler traces for the heatmap difference": (
        "热力图差值需要两次运行都有性能分析追踪", "ヒートマップの差分には両方の実行にプロファイラーのトレースが必要です"),
    "Heatmap: %1 by %2, this run minus baseline %3": (
        "热力图：%1（按%2），本次运行减去基线 %3", "ヒートマップ：%1（%2別）、この実行 − ベースライン %3"),
    "Waiting for the baseline…": ("正在等待基线…", "ベースラインを待っています…"),
    "The target has no logs (logs/ folder): its templates cannot be compared.": (
        "目标运行没有日志（logs/ 文件夹）：无法比较其模板。",
        "ターゲットにログ（logs/ フォルダー）がないため、テンプレートを比較できません。"),
    "The baseline has no logs (logs/ folder): against it every template of the target would look new, so the logs are not compared.": (
        "基线没有日志（logs/ 文件夹）：与之相比目标运行的每个模板都会显得是新增的，因此不比较日志。",
        "ベースラインにログ（logs/ フォルダー）がありません。比べるとターゲットのすべてのテンプレートが新規に見えるため、ログは比較しません。"),
    "< 0.0001": ("< 0.0001", "< 0.0001"),
    'unknown metric "%1"': ("未知的指标“%1”", "不明な指標「%1」"),
    "the bundle has no profiler traces (traces/ folder) to draw a heatmap of": (
        "作业包中没有可绘制热力图的性能分析追踪（traces/ 文件夹）",
        "バンドルにヒートマップを描くためのプロファイラーのトレース（traces/ フォルダー）がありません"),
    "Find the rank that stalls a distributed training job: merged cross-rank flame graphs of py-spy "
    "dumps, with the ranks that have, miss or sent no data for every frame.": (
        "找出拖住分布式训练作业的 rank：把各 rank 的 py-spy 转储合并成火焰图，并为每个栈帧列出包含它、缺失它"
        "或未发送数据的 rank。",
        "分散学習ジョブを停滞させているランクを見つけます：py-spy ダンプをランク横断でマージしたフレームグラフと、"
        "各フレームについてそれを持つランク・持たないランク・データを送らなかったランクを示します。"),
    "Open the built-in demo bundle.": ("打开内置的演示作业包。", "組み込みのデモバンドルを開きます。"),
    "Render VIEW (flamegraph, heatmap or diff) to --out without a window.": (
        "不打开窗口，将 VIEW（flamegraph、heatmap 或 diff）渲染到 --out。",
        "ウィンドウを開かずに VIEW（flamegraph、heatmap、diff）を --out に描画します。"),
    "Picture to write (.png or .svg).": ("要写入的图片（.png 或 .svg）。", "書き出す画像（.png または .svg）。"),
    "Frame identity: function, file or line.": (
        "栈帧标识：function、file 或 line。", "フレームの同一性：function、file、line のいずれか。"),
    "Threads: main, all, or a thread name.": ("线程：main、all 或线程名。", "スレッド：main、all、またはスレッド名。"),
    "Exported picture width in pixels.": ("导出图片的宽度（像素）。", "書き出す画像の幅（ピクセル）。"),
    "User interface language (zh_CN, ja, en).": ("界面语言（zh_CN、ja、en）。", "ユーザーインターフェースの言語（zh_CN、ja、en）。"),
    "Open the bundle, save a picture of the whole window to FILE once the analysis is shown, and quit "
    "(for docs).": (
        "打开作业包，在分析结果显示后把整个窗口的图片保存到 FILE，然后退出（用于文档）。",
        "バンドルを開き、解析結果が表示されたらウィンドウ全体の画像を FILE に保存して終了します（ドキュメント用）。"),
    "cannot write the demo bundle: %1": ("无法写入演示作业包：%1", "デモバンドルを書き込めません：%1"),
    "Which demo --demo opens: hang-dataloader (stacks of a hang), straggler-gpu or slow-node "
    "(profiler traces).": (
        "--demo 打开哪个演示：hang-dataloader（卡住时的调用栈）、straggler-gpu 或 slow-node（性能分析追踪）。",
        "--demo で開くデモ：hang-dataloader（ハング時のスタック）、straggler-gpu または slow-node"
        "（プロファイラーのトレース）。"),
    "View to show first: stacks, heatmap or logs.": (
        "首先显示的视图：stacks、heatmap 或 logs。", "最初に表示するビュー：stacks、heatmap または logs。"),
    "Heatmap metric for --export-view heatmap (step_time, compute, communication, exposed_comm, ...).": (
        "--export-view heatmap 所用的热力图指标（step_time、compute、communication、exposed_comm 等）。",
        "--export-view heatmap で使うヒートマップの指標（step_time、compute、communication、exposed_comm など）。"),
    # Main window: About, tabs, docks and trace status.
    "<b>rankscope %1</b><br>Finds the rank, node or group that stalls or slows a distributed training "
    "job by comparing every rank's stacks, logs, profiler traces and collectives.<br>Candidates and "
    "evidence, not proven causes.": (
        "<b>rankscope %1</b><br>通过比较每个 rank 的调用栈、日志、性能追踪和集合通信，找出拖住或拖慢分布式训练作业的 "
        "rank、节点或组。<br>给出的是候选对象和证据，而不是已证实的原因。",
        "<b>rankscope %1</b><br>全ランクのスタック、ログ、プロファイラトレース、集団通信を比較して、分散学習ジョブを"
        "停滞または低速化させているランク、ノード、グループを見つけます。<br>示すのは候補と証拠であり、証明された原因ではありません。"),
    "&User Guide": ("用户指南(&U)", "ユーザーガイド(&U)"),
    "rankscope User Guide": ("rankscope 用户指南", "rankscope ユーザーガイド"),
    "The user guide is not installed. Its pages are the docs/ folder of the source, installed to "
    "share/doc/rankscope by cmake --install and the Debian package.": (
        "未安装用户指南。其页面是源代码中的 docs/ 文件夹，由 cmake --install 和 Debian 软件包安装到 share/doc/rankscope。",
        "ユーザーガイドがインストールされていません。ページはソースの docs/ フォルダーで、cmake --install と Debian パッケージが "
        "share/doc/rankscope にインストールします。"),
    "Trace view: %1": ("追踪视图：%1", "トレース表示：%1"),
    "Stragglers": ("掉队者", "ストラグラー"),
    "Rank Detail": ("Rank 详情", "ランク詳細"),
    "Heatmap": ("热力图", "ヒートマップ"),
    "The profiler traces could not be read from the cache: %1": (
        "无法从缓存读取性能分析追踪：%1", "キャッシュからプロファイラーのトレースを読み込めませんでした：%1"),
    "No profiler traces in this bundle. Put one PyTorch profiler trace per rank into traces/ (see the "
    "bundle format) to see the heatmap.": (
        "此作业包中没有性能分析追踪。请在 traces/ 中为每个 rank 放入一个 PyTorch profiler 追踪文件"
        "（见作业包格式），即可查看热力图。",
        "このバンドルにはプロファイラーのトレースがありません。ヒートマップを見るには、ランクごとに 1 つの "
        "PyTorch プロファイラーのトレースを traces/ に置いてください（バンドル形式を参照）。"),
    "Loading the heatmap…": ("正在加载热力图…", "ヒートマップを読み込み中…"),
    "time %1 s – %2 s": ("时间 %1 秒 – %2 秒", "時間 %1 秒 – %2 秒"),
    "That rank has no trace window there.": ("该 rank 在该处没有追踪时间窗。", "そのランクにはその位置のトレースのウィンドウがありません。"),
    "; its nearest stack sample (%1 s from the window's middle) is selected in the flame graph": (
        "；已在火焰图中选中其最近的调用栈采样（距时间窗中点 %1 秒）",
        "。最も近いスタックサンプル（ウィンドウの中央から %1 秒）をフレームグラフで選択しました"),
    "; its stack sample (no time) is selected in the flame graph": (
        "；已在火焰图中选中其调用栈采样（无时间信息）", "。そのスタックサンプル（時刻なし）をフレームグラフで選択しました"),
    "Rank %1, %2: %n op(s) compared with %3 peer(s)": (
        "Rank %1，%2：%n 个操作已与 %3 个同组 rank 比较", "ランク %1、%2：%n 個の操作を %3 個のピアと比較"),
    "cannot read the trace windows from the cache": ("无法从缓存读取追踪时间窗", "キャッシュからトレースのウィンドウを読み込めません"),
    "cannot read the rank's events from the cache": ("无法从缓存读取该 rank 的事件", "キャッシュからランクのイベントを読み込めません"),
    # Stragglers panel.
    "Metric": ("指标", "指標"),
    "Change": ("变化", "変化"),
    "From": ("起始", "開始"),
    "Offset": ("偏移", "オフセット"),
    "Aligned by": ("对齐依据", "揃え方"),
    "Anchors": ("锚点数", "アンカー数"),
    "No profiler traces in this bundle. Put one PyTorch profiler trace per rank into traces/ to see "
    "step times and stragglers.": (
        "此作业包中没有性能分析追踪。请在 traces/ 中为每个 rank 放入一个 PyTorch profiler 追踪文件，"
        "即可查看单步耗时和掉队者。",
        "このバンドルにはプロファイラーのトレースがありません。ステップ時間とストラグラーを見るには、ランクごとに "
        "1 つの PyTorch プロファイラーのトレースを traces/ に置いてください。"),
    "iteration %1": ("迭代 %1", "イテレーション %1"),
    "time bin %1": ("时间分箱 %1", "タイムビン %1"),
    "makes others wait": ("让其他 rank 等待", "他を待たせる"),
    "Choose a rank's line to open its heatmap window.": ("请选择某个 rank 的日志行以打开其热力图窗口。",
                                                         "ランクの行を選ぶと、そのヒートマップのウィンドウを開きます。"),
    "Rank %1 has no heatmap window at that time.": ("rank %1 在该时刻没有热力图窗口。",
                                                    "ランク %1 にはその時刻のヒートマップのウィンドウがありません。"),
    "No suspects: there are no stacks to compare.": ("没有嫌疑对象：没有可比较的调用栈。",
                                                     "疑わしい対象はありません：比較するスタックがありません。"),
    "reference": ("基准", "基準"),
    "collective ends": ("集合通信结束时刻", "集団通信の終了時刻"),
    "step starts": ("单步开始时刻", "ステップの開始時刻"),
    "same node": ("同一节点", "同じノード"),
    "job.json": ("job.json", "job.json"),
    "not aligned": ("未对齐", "未調整"),
    "spread of the per-anchor differences: %1": ("各锚点差值的离散度：%1", "アンカーごとの差のばらつき: %1"),
    "waits": ("在等待", "待っている"),
    'Clock offsets applied to align %n rank(s) (largest %1); job.json "clock_offsets_ns" overrides '
    "them.": (
        "已应用时钟偏移以对齐 %n 个 rank（最大 %1）；job.json 中的“clock_offsets_ns”优先于它们。",
        "%n ランクを揃えるため時計のオフセットを適用しました（最大 %1）。job.json の「clock_offsets_ns」が"
        "優先されます。"),
    # Durations.
    "n/a": ("不适用", "該当なし"),
    "%1 ns": ("%1 ns", "%1 ns"),
    "%1 µs": ("%1 µs", "%1 µs"),
    "%1 ms": ("%1 ms", "%1 ms"),
    "%1 s": ("%1 秒", "%1 秒"),
    # Heatmap: metrics, reductions, axes, groupings, legend and tooltips.
    "Step time": ("单步耗时", "ステップ時間"),
    "Compute (kernel busy)": ("计算（kernel 忙碌）", "計算（カーネル稼働）"),
    "Communication": ("通信", "通信"),
    "Exposed communication": ("暴露通信", "露出した通信"),
    "Collective wait": ("集合通信等待", "集団通信の待ち"),
    "Communication transfer": ("通信传输", "通信転送"),
    # Issue 10: arrival order at collectives and clock alignment quality.
    "Wait caused": ("造成的等待", "待たせた時間"),
    "Last arrivals at collectives": ("集合通信中最后到达", "集団通信への最後の到着"),
    "At the collectives this rank arrived at clearly last, how long the other members waited for it (their mean): high on the rank the others wait for, the cause rather than its victims.": (
        "在该 rank 明显最后到达的集合通信中，其他成员为它等待的时间（平均值）：在让别人等待的 rank 上偏高，指向原因而非受害者。",
        "このランクが明らかに最後に到着した集団通信で、他のメンバーがこのランクを待った時間（平均）。他を待たせるランクで高くなり、被害者ではなく原因を示します。"),
    "Collectives this rank arrived at clearly last (by more than the clocks' uncertainty).": (
        "该 rank 明显最后到达（超过时钟不确定度）的集合通信数。",
        "このランクが明らかに最後に到着した（時計の不確かさを超える差で）集団通信の数。"),
    "%n collective": ("%n 次集合通信", "%n 件の集団通信"),
    "%n collectives": ("%n 次集合通信", "%n 件の集団通信"),
    "%1 (collectives)": ("%1（集合通信数）", "%1（集団通信数）"),
    "%1: target − baseline (collectives)": ("%1：目标 − 基线（集合通信数）", "%1：対象 − ベースライン（集団通信数）"),
    "changes from %1 to %2 collectives": ("变化范围 %1 至 %2 次集合通信", "変化 %1〜%2 件の集団通信"),
    "data %1–%2 collectives": ("数据 %1–%2 次集合通信", "データ %1–%2 件の集団通信"),
    "whole run: last to arrive at %1 of its %2 collectives (%3%); the others waited %4 for it": (
        "整个运行：在其 %2 次集合通信中有 %1 次最后到达（%3%）；其他成员共为它等待 %4",
        "実行全体：%2 件の集団通信のうち %1 件で最後に到着（%3%）。他のメンバーは合計 %4 待ちました"),
    "clock alignment poor (uncertainty %1): waits and arrival order of this rank are not reliable": (
        "时钟对齐差（不确定度 %1）：该 rank 的等待与到达顺序不可靠",
        "時計の調整が不良（不確かさ %1）：このランクの待ちと到着順は信頼できません"),
    "clock alignment fair (uncertainty %1): small differences in arrival are not meaningful": (
        "时钟对齐一般（不确定度 %1）：到达时间的细小差异没有意义",
        "時計の調整はまずまず（不確かさ %1）：到着のわずかな差には意味がありません"),
    "send/recv bounds": ("send/recv 界限", "send/recv の制約"),
    "good": ("良好", "良好"),
    "fair": ("一般", "まずまず"),
    "poor": ("差", "不良"),
    "Last at": ("最后到达", "最後に到着"),
    "Quality": ("质量", "品質"),
    "Uncertainty": ("不确定度", "不確かさ"),
    "Arrival order: no collective was matched across ranks.": (
        "到达顺序：没有在各 rank 之间匹配上的集合通信。",
        "到着順：ランク間で対応付けられた集団通信はありません。"),
    "Arrival order at %1 matched collectives: no clear last arriver (the last two arrived within the clocks' uncertainty every time).": (
        "%1 次匹配的集合通信的到达顺序：没有明确的最后到达者（最后两位的到达时间每次都在时钟不确定度之内）。",
        "対応付けられた %1 件の集団通信の到着順：明確な最後の到着者はいません（最後の 2 つは毎回時計の不確かさの範囲内で到着）。"),
    "Arrival order at %1 matched collectives, %2 with a clear last arriver: the ranks the others waited for most.": (
        "%1 次匹配的集合通信的到达顺序，其中 %2 次有明确的最后到达者：以下是其他成员等待最多的 rank。",
        "対応付けられた %1 件の集団通信の到着順（うち %2 件は明確な最後の到着者あり）：他が最も長く待ったランク。"),
    "%1 of %2 (%3%)": ("%2 次中 %1 次（%3%）", "%2 件中 %1 件（%3%）"),
    "Sum over the collectives it arrived at last of the mean time the other members waited for it": (
        "在它最后到达的各次集合通信中，其他成员为它等待的平均时间之和",
        "最後に到着した各集団通信で他のメンバーが待った平均時間の合計"),
    "How far this rank's aligned times may be off: residual of its collective ends against the other members', p2p bounds, step spread (typical collective: %1)": (
        "该 rank 对齐后的时间可能偏离多少：其集合通信结束时间相对其他成员的残差、p2p 界限、步起点离散度（典型集合通信：%1）",
        "このランクの調整後の時刻がどれだけずれうるか：集団通信の終了時刻の他メンバーとの残差、p2p の制約、ステップ開始のばらつき（典型的な集団通信：%1）"),
    "Alignment: %1 (uncertainty %2; %3 good, %4 fair, %5 poor).": (
        "对齐：%1（不确定度 %2；良好 %3，一般 %4，差 %5）。",
        "調整：%1（不確かさ %2。良好 %3、まずまず %4、不良 %5）。"),
    "Waits and arrival order are not reliable and were left out of the analysis.": (
        "等待与到达顺序不可靠，已从分析中排除。",
        "待ちと到着順は信頼できないため、分析から除外しました。"),
    "GPU idle": ("GPU 空闲", "GPU アイドル"),
    "CPU op time": ("CPU 算子耗时", "CPU オペレーター時間"),
    "Kernel launch gaps": ("kernel 启动间隙", "カーネル起動の隙間"),
    "Unknown metric": ("未知指标", "不明な指標"),
    "Length of the iteration (ProfilerStep), or of the time bin while an iteration ran.": (
        "迭代（ProfilerStep）的时长，或迭代运行期间该时间分箱的时长。",
        "イテレーション（ProfilerStep）の長さ、またはイテレーション実行中のタイムビンの長さ。"),
    "Time at least one compute kernel, memcpy or memset ran on the rank's GPU.": (
        "该 rank 的 GPU 上至少有一个计算 kernel、memcpy 或 memset 在运行的时间。",
        "ランクの GPU で計算カーネル、memcpy、memset のいずれかが 1 つ以上動いていた時間。"),
    "Time at least one communication kernel (NCCL, RCCL) ran.": (
        "至少有一个通信 kernel（NCCL、RCCL）在运行的时间。", "通信カーネル（NCCL、RCCL）が 1 つ以上動いていた時間。"),
    "Communication not hidden behind compute.": ("未被计算掩盖的通信。", "計算の裏に隠れなかった通信。"),
    "Time inside collectives before the last peer arrived: high on ranks that wait for a late one.": (
        "最后一个同组 rank 到达之前处于集合通信中的时间：等待迟到者的 rank 上该值较高。",
        "最後のピアが到着するまで集団通信の中にいた時間：遅れたランクを待つランクで高くなります。"),
    "Collective time once every peer had arrived: slow links show here.": (
        "所有同组 rank 都到达之后的集合通信时间：慢速链路会体现在这里。",
        "すべてのピアが到着した後の集団通信の時間：遅いリンクはここに表れます。"),
    "Time no GPU work ran.": ("没有任何 GPU 工作在运行的时间。", "GPU の処理が何も動いていなかった時間。"),
    "Time inside CPU operators.": ("处于 CPU 算子中的时间。", "CPU オペレーターの中にいた時間。"),
    "GPU idle time spent waiting for the host to launch the next kernel.": (
        "GPU 等待主机启动下一个 kernel 的空闲时间。", "ホストが次のカーネルを起動するのを待っていた GPU のアイドル時間。"),
    "max": ("最大值", "最大"),
    "mean": ("平均值", "平均"),
    "p95": ("p95", "p95"),
    "iteration": ("迭代", "イテレーション"),
    "time": ("时间", "時間"),
    "node": ("节点", "ノード"),
    "role": ("角色", "ロール"),
    "%1 group": ("%1 组", "%1 グループ"),
    "unknown node": ("未知节点", "不明なノード"),
    "unknown role": ("未知角色", "不明なロール"),
    "no %1 group": ("无 %1 组", "%1 グループなし"),
    "time %1 s – %2 s (bin %3)": ("时间 %1 秒 – %2 秒（分箱 %3）", "時間 %1 秒 – %2 秒（ビン %3）"),
    "%n rank": ("%n 个 rank", "%n ランク"),
    "%n ranks": ("%n 个 rank", "%n ランク"),
    "%n iteration": ("%n 次迭代", "%n イテレーション"),
    "%n iterations": ("%n 次迭代", "%n イテレーション"),
    "%n time bin": ("%n 个时间分箱", "%n タイムビン"),
    "%n time bins": ("%n 个时间分箱", "%n タイムビン"),
    "%1 × %2": ("%1 × %2", "%1 × %2"),
    "%1 (ms)": ("%1（ms）", "%1（ms）"),
    "%1 · %2 of the cells in each pixel": ("%1 · 每个像素内各单元格的%2", "%1 · 各ピクセル内のセルの%2"),
    "node %1": ("节点 %1", "ノード %1"),
    "stuck: its stack samples do not change": ("卡住：其调用栈采样没有变化", "停止：スタックサンプルが変化しません"),
    "%1: <b>%2</b>": ("%1：<b>%2</b>", "%1：<b>%2</b>"),
    "peer median: %1": ("同组中位数：%1", "ピアの中央値：%1"),
    "deviation: %1%2%": ("偏差：%1%2%", "偏差：%1%2%"),
    "outlier: slower than its peers": ("离群：慢于同组 rank", "外れ値：ピアより遅い"),
    "much lower than its peers": ("远低于同组 rank", "ピアよりかなり低い"),
    "inconclusive: its group had no healthy majority in this window": (
        "无定论：该组在此时间窗内没有健康的多数", "判定不能：このウィンドウではグループに健全な多数派がありません"),
    "This pixel holds %1 × %2 cells (ranks %3…%4, %5 %6–%7); shown: the %8, described here: the "
    "highest cell.": (
        "此像素包含 %1 × %2 个单元格（rank %3…%4，%5 %6–%7）；显示的是%8，此处描述的是最高的单元格。",
        "このピクセルには %1 × %2 個のセルがあります（ランク %3…%4、%5 %6–%7）。表示：%8、"
        "ここでの説明：最も高いセル。"),
    "slower than peers": ("慢于同组 rank", "ピアより遅い"),
    "inconclusive": ("无定论", "判定不能"),
    "stuck in stack samples": ("调用栈采样显示卡住", "スタックサンプルで停止"),
    "data %1–%2 ms": ("数据 %1–%2 ms", "データ %1–%2 ms"),
    "No trace windows to show.": ("没有可显示的追踪时间窗。", "表示するトレースのウィンドウがありません。"),
    # Heatmap view controls and widget.
    "The per-window measurement the cells are coloured by.": (
        "单元格着色所依据的逐时间窗测量值。", "セルの色分けに使う、ウィンドウごとの測定値。"),
    "Iterations": ("迭代", "イテレーション"),
    "Time bins": ("时间分箱", "タイムビン"),
    "Columns: one per training iteration (ProfilerStep), or fixed time bins of the aligned clock.": (
        "列：每个训练迭代（ProfilerStep）一列，或按对齐后时钟划分的固定时间分箱。",
        "列：学習イテレーション（ProfilerStep）ごとに 1 列、または揃えた時計上の固定タイムビン。"),
    "When a pixel holds several cells: their maximum (a single slow cell stays visible), mean, or "
    "95th percentile.": (
        "当一个像素包含多个单元格时：取最大值（单个慢单元格仍然可见）、平均值或第 95 百分位数。",
        "1 ピクセルに複数のセルがあるとき：その最大（遅いセルが 1 つでも見えます）、平均、または 95 パーセンタイル。"),
    "How rows are banded: by node, by role, by a parallel group, or in plain rank order.": (
        "行的分组方式：按节点、按角色、按并行组，或按普通 rank 顺序。",
        "行のまとめ方：ノード別、ロール別、並列グループ別、または単純なランク順。"),
    "Show All": ("全部显示", "すべて表示"),
    "Show every rank and window (Home).": ("显示所有 rank 和时间窗（Home）。", "すべてのランクとウィンドウを表示します（Home）。"),
    "Metric:": ("指标：", "指標："),
    "Columns:": ("列：", "列："),
    "Pixel shows:": ("像素显示：", "ピクセルの表示："),
    "Rows by:": ("行分组：", "行の分け方："),
    "showing %1 × %2": ("显示 %1 × %2", "%1 × %2 を表示中"),
    "%n outlier cell": ("%n 个离群单元格", "外れ値のセル %n 個"),
    "%n outlier cells": ("%n 个离群单元格", "外れ値のセル %n 個"),
    "Rank by window heatmap": ("rank × 时间窗热力图", "ランク × ウィンドウのヒートマップ"),
    "paint %1 ms · worst %2 ms": ("绘制 %1 ms · 最慢 %2 ms", "描画 %1 ms · 最悪 %2 ms"),
    # Rank detail: timeline and operation breakdown.
    "other": ("其他", "その他"),
    "CPU op": ("CPU 算子", "CPU オペレーター"),
    "Python function": ("Python 函数", "Python 関数"),
    "annotation": ("标注", "アノテーション"),
    "collective (CPU side)": ("集合通信（CPU 端）", "集団通信（CPU 側）"),
    "runtime call": ("运行时调用", "ランタイム呼び出し"),
    "synchronization": ("同步", "同期"),
    "compute kernel": ("计算 kernel", "計算カーネル"),
    "communication kernel": ("通信 kernel", "通信カーネル"),
    "memcpy": ("memcpy", "memcpy"),
    "memset": ("memset", "memset"),
    "GPU annotation": ("GPU 标注", "GPU アノテーション"),
    "GPU %1 · stream %2": ("GPU %1 · 流 %2", "GPU %1 · ストリーム %2"),
    "thread %1 (%2)": ("线程 %1（%2）", "スレッド %1（%2）"),
    "thread %1": ("线程 %1", "スレッド %1"),
    "track %1": ("轨道 %1", "トラック %1"),
    "Trace timeline": ("追踪时间线", "トレースのタイムライン"),
    "start: %1 into the window": ("开始：时间窗起点后 %1", "開始：ウィンドウの開始から %1"),
    "duration: %1": ("时长：%1", "継続時間：%1"),
    "collective: %1 · process group %2": ("集合通信：%1 · 进程组 %2", "集団通信：%1 · プロセスグループ %2"),
    "%1 elements": ("%1 个元素", "%1 要素"),
    "No events in this window.": ("此时间窗内没有事件。", "このウィンドウにはイベントがありません。"),
    "No trace to show.": ("没有可显示的追踪。", "表示するトレースがありません。"),
    "time in window": ("时间窗内时间", "ウィンドウ内の時間"),
    "stack sample": ("调用栈采样", "スタックサンプル"),
    "only this rank": ("仅此 rank", "このランクのみ"),
    "not run": ("未运行", "未実行"),
    "%1 on this rank against a peer median of %2": (
        "此 rank 上为 %1，同组中位数为 %2", "このランクで %1（ピアの中央値は %2）"),
    "%1 of %2 peers ran it": ("%2 个同组 rank 中有 %1 个运行了它", "%2 個のピアのうち %1 個が実行"),
    "Operation": ("操作", "操作"),
    "Rank total (ms)": ("Rank 合计（ms）", "ランク合計（ms）"),
    "Count": ("次数", "回数"),
    "Peer median (ms)": ("同组中位数（ms）", "ピアの中央値（ms）"),
    "Ratio": ("比值", "比率"),
    "Time this rank spent in the operation inside the window.": (
        "此 rank 在时间窗内花在该操作上的时间。", "このランクがウィンドウ内でその操作に費やした時間。"),
    "Median of the same total over the rank's peers (a peer that did not run it counts 0).": (
        "同组其他 rank 上同一合计值的中位数（未运行该操作的 rank 计为 0）。",
        "ピアにおける同じ合計の中央値（実行しなかったピアは 0 と数えます）。"),
    "Rank total / peer median. Above %1 is tinted warm, below %2 cool.": (
        "Rank 合计 / 同组中位数。高于 %1 以暖色标示，低于 %2 以冷色标示。",
        "ランク合計 / ピアの中央値。%1 を超えると暖色、%2 未満は寒色で示します。"),
    "Operation breakdown against the peer median": ("与同组中位数对比的操作分解", "ピアの中央値と比べた操作の内訳"),
    "No trace was imported for rank %1.": ("未导入 rank %1 的追踪。", "ランク %1 のトレースはインポートされていません。"),
    "Click a heatmap cell to see that rank's threads and GPU streams in that window.": (
        "点击热力图中的单元格，查看该 rank 在该时间窗内的线程和 GPU 流。",
        "ヒートマップのセルをクリックすると、そのウィンドウでのそのランクのスレッドと GPU ストリームが表示されます。"),
    "Loading… (showing rank %1)": ("正在加载…（当前显示 rank %1）", "読み込み中…（ランク %1 を表示中）"),
    "Loading the rank's trace…": ("正在加载该 rank 的追踪…", "ランクのトレースを読み込み中…"),
    "No rank selected": ("未选择 rank", "ランクが選択されていません"),
    "Rank %1": ("Rank %1", "ランク %1"),
    "clock offset %1 applied": ("已应用时钟偏移 %1", "時計のオフセット %1 を適用済み"),
    "clock not aligned": ("时钟未对齐", "時計は揃えていません"),
    "%1 lanes · %2 events · %3 ops": ("%1 条泳道 · %2 个事件 · %3 个操作", "%1 レーン · %2 イベント · %3 操作"),
    # Heatmap: the log metric.
    "Log warnings and errors": ("日志警告和错误", "ログの警告とエラー"),
    "Warning, error and fatal log events of the rank in the window.": (
        "该 rank 在此时间窗内的警告、错误和致命级别日志事件。", "ウィンドウ内でそのランクが出した警告・エラー・致命的なログイベント。"),
    "%n event(s)": ("%n 个事件", "%n イベント"),
    "%1 (events)": ("%1（事件数）", "%1（イベント数）"),
    "data %1–%2 events": ("数据 %1–%2 个事件", "データ %1–%2 イベント"),
    # Logs view: severities and times. The upper-case level names stay as the logs spell them
    # (they are also copied to the clipboard with the lines).
    "unknown": ("未知", "不明"),
    "debug": ("调试", "デバッグ"),
    "info": ("信息", "情報"),
    "warning": ("警告", "警告"),
    "error": ("错误", "エラー"),
    "fatal": ("致命", "致命的"),
    "DEBUG": ("DEBUG", "DEBUG"),
    "INFO": ("INFO", "INFO"),
    "WARN": ("WARN", "WARN"),
    "ERROR": ("ERROR", "ERROR"),
    "FATAL": ("FATAL", "FATAL"),
    "no timestamp": ("无时间戳", "タイムスタンプなし"),
    "%1 UTC": ("%1 UTC", "%1 UTC"),
    # Logs view: filter bar.
    "all, e.g. 0-7,12": ("全部，例如 0-7,12", "すべて（例：0-7,12）"),
    'Ranks whose lines are shown, as ranges: "0-7,12". Empty: all.': (
        "要显示其日志行的 rank，以范围表示：“0-7,12”。留空：全部。",
        "行を表示するランク（範囲で指定：「0-7,12」）。空欄：すべて。"),
    'A time (UTC) such as "12:31:04" or "2024-05-01 12:31:04.250", or epoch seconds. Empty: open.': (
        "时间（UTC），如“12:31:04”或“2024-05-01 12:31:04.250”，或 Unix 纪元秒数。留空：不限。",
        "時刻（UTC）：「12:31:04」や「2024-05-01 12:31:04.250」、またはエポック秒。空欄：制限なし。"),
    "start": ("开始", "開始"),
    "end": ("结束", "終了"),
    "Show lines from this time on.": ("显示从此时间起的行。", "この時刻以降の行を表示します。"),
    "Show lines before this time.": ("显示此时间之前的行。", "この時刻より前の行を表示します。"),
    "Heatmap window": ("热力图时间窗", "ヒートマップのウィンドウ"),
    "Use the window selected in the heatmap (select a cell first).": (
        "使用热力图中选中的时间窗（请先选择一个单元格）。", "ヒートマップで選択したウィンドウを使います（先にセルを選択してください）。"),
    "All levels": ("全部级别", "すべてのレベル"),
    "Fatal only": ("仅致命", "致命的のみ"),
    "%1 and worse": ("%1 及更严重", "%1 以上"),
    'The least severe level shown. Lines without a level are shown only with "All levels".': (
        "显示的最低级别。没有级别的行仅在选择“全部级别”时显示。",
        "表示する最も低いレベル。レベルのない行は「すべてのレベル」のときだけ表示されます。"),
    "search text": ("搜索文本", "検索テキスト"),
    'Lines containing this text (case-insensitive), or matching it as a regular expression when ".*" '
    "is on.": (
        "包含该文本（不区分大小写）的行；开启“.*”时改为匹配该正则表达式的行。",
        "このテキストを含む行（大文字と小文字を区別しない）。「.*」がオンのときは、それを正規表現として一致する行。"),
    "Read the search text as a regular expression.": ("将搜索文本视为正则表达式。", "検索テキストを正規表現として扱います。"),
    "Only the lines of one template (or click one in the table).": (
        "仅显示某个模板的行（也可在表格中点击一个模板）。", "1 つのテンプレートの行だけを表示します（表でクリックしても選べます）。"),
    "Clear": ("清除", "クリア"),
    "Remove every filter: show all lines.": ("移除所有筛选条件：显示全部行。", "すべてのフィルターを外して、すべての行を表示します。"),
    "Ranks:": ("Rank：", "ランク："),
    "From:": ("起始：", "開始："),
    "To:": ("结束：", "終了："),
    "Level:": ("级别：", "レベル："),
    "Text:": ("文本：", "テキスト："),
    "Template:": ("模板：", "テンプレート："),
    "Not a rank list.": ("不是有效的 rank 列表。", "ランクのリストではありません。"),
    "Not a time.": ("不是有效的时间。", "時刻ではありません。"),
    "The end is not after the start.": ("结束时间不晚于开始时间。", "終了が開始より後ではありません。"),
    "Not a regular expression: %1": ("不是有效的正则表达式：%1", "正規表現ではありません：%1"),
    "template %1": ("模板 %1", "テンプレート %1"),
    "All templates": ("全部模板", "すべてのテンプレート"),
    "Show the lines of the window selected in the heatmap: %1 (%2 – %3).": (
        "显示热力图中选中时间窗的行：%1（%2 – %3）。", "ヒートマップで選択したウィンドウの行を表示します：%1（%2 – %3）。"),
    "selection": ("选中区域", "選択範囲"),
    # Logs view: log lines.
    "Log lines": ("日志行", "ログ行"),
    "No log lines.": ("没有日志行。", "ログ行がありません。"),
    "… %n more line not copied": ("… 另有 %n 行未复制", "… ほか %n 行はコピーしていません"),
    "… %n more lines not copied": ("… 另有 %n 行未复制", "… ほか %n 行はコピーしていません"),
    "Copy": ("复制", "コピー"),
    "Show rank %1 in the rank detail": ("在 Rank 详情中显示 rank %1", "ランク %1 をランク詳細に表示"),
    "Only lines of rank %1": ("仅显示 rank %1 的行", "ランク %1 の行のみ"),
    "Only lines of this template": ("仅显示此模板的行", "このテンプレートの行のみ"),
    "Show %1 in the heatmap": ("在热力图中显示 %1", "ヒートマップで %1 を表示"),
    "Time (UTC)": ("时间（UTC）", "時刻（UTC）"),
    "Level": ("级别", "レベル"),
    "Message": ("消息", "メッセージ"),
    "%1 lines": ("%1 行", "%1 行"),
    "+%n line": ("+%n 行", "+%n 行"),
    "+%n lines": ("+%n 行", "+%n 行"),
    "rank %1 on %2": ("%2 上的 rank %1", "%2 のランク %1"),
    "%1, line %2": ("%1，第 %2 行", "%1、%2 行目"),
    "Double-click to show the rank's detail.": ("双击显示该 rank 的详情。", "ダブルクリックでランクの詳細を表示します。"),
    "Double-click to show this time in the heatmap.": (
        "双击在热力图中显示此时间。", "ダブルクリックでこの時刻をヒートマップに表示します。"),
    "Double-click to show only lines of this template.": (
        "双击仅显示此模板的行。", "ダブルクリックでこのテンプレートの行だけを表示します。"),
    "… %n more line": ("… 另有 %n 行", "… ほか %n 行"),
    "… %n more lines": ("… 另有 %n 行", "… ほか %n 行"),
    # Logs view: template table, its flags and tooltips.
    "minority has": ("少数拥有", "少数派のみ"),
    "minority lacks": ("少数缺失", "少数派が欠落"),
    "new late": ("后期新出现", "後から出現"),
    "burst": ("突发", "バースト"),
    "rank 0 only": ("仅 rank 0", "ランク 0 のみ"),
    "control plane": ("控制面", "コントロールプレーン"),
    "Only a minority of the comparable ranks logged it.": (
        "只有少数可比较的 rank 记录了它。", "比較可能なランクのうち少数だけがこれを記録しました。"),
    "All but a few comparable ranks logged it: the few may have stopped early.": (
        "除少数外，可比较的 rank 都记录了它：这少数 rank 可能提前停止了。",
        "比較可能なランクのうち少数を除くすべてがこれを記録しました。その少数は早く停止した可能性があります。"),
    "It first appeared after the job's early phase.": (
        "它在作业的早期阶段之后才首次出现。", "ジョブの初期段階の後に初めて現れました。"),
    "A rank logged it far more often than in its own history.": (
        "某个 rank 记录它的频率远高于该 rank 自身的历史水平。", "あるランクが、自身の履歴よりはるかに頻繁にこれを記録しました。"),
    "Logged by rank 0 or the launcher only: compared within that role.": (
        "仅由 rank 0 或启动器记录：在该角色内比较。", "ランク 0 またはランチャーだけが記録しました：そのロールの中で比較します。"),
    "Control-plane noise (progress bars, HTTP, downloads, checkpoint metadata).": (
        "控制面噪声（进度条、HTTP、下载、检查点元数据）。",
        "コントロールプレーンのノイズ（プログレスバー、HTTP、ダウンロード、チェックポイントのメタデータ）。"),
    "%1 · iter %2": ("%1 · 迭代 %2", "%1 · イテレーション %2"),
    "Built-in template: %1": ("内置模板：%1", "組み込みテンプレート：%1"),
    "Compared within role: %1": ("在角色内比较：%1", "ロール内で比較：%1"),
    "Template id %1. Click to show its lines.": ("模板 ID %1。点击显示其日志行。", "テンプレート ID %1。クリックすると行を表示します。"),
    "Has it: %1": ("包含：%1", "あり：%1"),
    "Comparable ranks without it: %1": ("缺少它的可比较 rank：%1", "これを持たない比較可能なランク：%1"),
    "First seen %1": ("首次出现于 %1", "最初の出現：%1"),
    "on rank %1": ("位于 rank %1", "ランク %1 上"),
    "in iteration %1": ("在迭代 %1 中", "イテレーション %1 で"),
    "Listed among the suspects of the analysis.": ("已列入分析的嫌疑对象。", "分析の疑わしい対象に含まれています。"),
    "Template": ("模板", "テンプレート"),
    "Severity": ("级别", "重大度"),
    "Has ranks": ("包含的 rank", "持つランク"),
    "Missing ranks": ("缺失的 rank", "欠落しているランク"),
    "First seen": ("首次出现", "最初の出現"),
    "Flags": ("标记", "フラグ"),
    "The event with its variable parts replaced by <*> (or by the kind of value: <NUM>, <HEX>, "
    "<PATH> …).": (
        "可变部分被替换为 <*>（或替换为值的类型：<NUM>、<HEX>、<PATH> …）的事件。",
        "可変部分を <*>（または値の種類：<NUM>、<HEX>、<PATH> …）に置き換えたイベント。"),
    "Events of this template over all ranks.": ("所有 rank 上该模板的事件数。", "全ランクでのこのテンプレートのイベント数。"),
    "Ranks with at least one event of this template.": (
        "至少有一个该模板事件的 rank。", "このテンプレートのイベントが 1 つ以上あるランク。"),
    "Ranks of the same role without it.": ("同一角色中没有它的 rank。", "同じロールでこれを持たないランク。"),
    "Earliest event (UTC) and the iteration its rank was in.": (
        "最早的事件（UTC），以及其 rank 当时所处的迭代。", "最も早いイベント（UTC）と、そのときそのランクがいたイテレーション。"),
    "Why the template may matter. Sorting by this column puts the templates with the most warning "
    "flags first.": (
        "该模板可能值得关注的原因。按此列排序会把警示标记最多的模板排在最前。",
        "このテンプレートが重要かもしれない理由。この列で並べ替えると、警告フラグの多いテンプレートが先頭に来ます。"),
    "Log templates": ("日志模板", "ログのテンプレート"),
    # Logs view: template list and summary.
    "Suspicious only": ("仅可疑项", "疑わしいもののみ"),
    "Filter templates": ("筛选模板", "テンプレートを絞り込む"),
    "Show the templates whose text or built-in name contains this.": (
        "显示文本或内置名称包含此内容的模板。", "テキストまたは組み込み名にこれを含むテンプレートを表示します。"),
    "Show only the templates the analysis lists as suspects (the ones its summary and "
    "rankscope-cli logs count).": (
        "仅显示分析列为嫌疑对象的模板（即摘要和 rankscope-cli logs 统计的那些）。",
        "分析が疑わしい対象に挙げたテンプレート（要約と rankscope-cli logs が数えるもの）だけを表示します。"),
    "cause": ("原因", "原因"),
    "echo": ("回响", "波及"),
    "A local fault (CUDA, Xid, ECC, NCCL, a crash or an exception): when few ranks or one node "
    "logged it before the echoes, it is where the trouble started.": (
        "局部故障（CUDA、Xid、ECC、NCCL、崩溃或异常）：若只有少数 rank 或一个节点在回响之前记录了它，"
        "问题就从这里开始。",
        "局所的な障害（CUDA、Xid、ECC、NCCL、クラッシュまたは例外）：少数のランクか 1 つのノードが波及より"
        "前に記録していれば、そこが問題の始まりです。"),
    "What ranks and the launcher print after a fault elsewhere (watchdog timeouts, terminate "
    "called, SIGTERM, failure reports): a consequence, not a cause.": (
        "其他地方发生故障后各 rank 和启动器打印的内容（watchdog 超时、terminate called、SIGTERM、"
        "失败报告）：是结果，而不是原因。",
        "別の場所の障害の後にランクやランチャーが出力するもの（watchdog タイムアウト、terminate called、"
        "SIGTERM、失敗レポート）：原因ではなく結果です。"),
    "the bundle has no profiler traces (traces/ folder) to draw a heatmap of, and its logs cannot "
    "tell stragglers: %1": (
        "作业包中没有可绘制热力图的性能分析追踪（traces/ 文件夹），其日志也无法判断掉队者：%1",
        "バンドルにはヒートマップを描くプロファイラーのトレース（traces/ フォルダー）がなく、ログからも"
        "ストラグラーは判断できません：%1"),
    "No profiler traces in this bundle; from the logs: %1": (
        "此作业包中没有性能分析追踪；根据日志：%1", "このバンドルにはプロファイラーのトレースがありません。ログから：%1"),
    "No profiler traces in this bundle, and the logs cannot tell stragglers: %1. Put one "
    "PyTorch profiler trace per rank into traces/ (see the bundle format) to see the heatmap.": (
        "此作业包中没有性能分析追踪，日志也无法判断掉队者：%1。请在 traces/ 中为每个 rank 放入一个 "
        "PyTorch profiler 追踪文件（见作业包格式），即可查看热力图。",
        "このバンドルにはプロファイラーのトレースがなく、ログからもストラグラーは判断できません：%1。"
        "ヒートマップを見るには、ランクごとに PyTorch プロファイラーのトレースを traces/ に置いてください"
        "（バンドル形式を参照）。"),
    "No logs analysed yet.": ("尚未分析日志。", "まだログを分析していません。"),
    "The logs were analysed; nothing stands out.": ("日志已分析；没有突出的异常。", "ログを分析しました。目立つものはありません。"),
    "%n template": ("%n 个模板", "%n テンプレート"),
    "%n templates": ("%n 个模板", "%n テンプレート"),
    "%n suspicious": ("%n 个可疑", "疑わしいもの %n"),
    "showing %1": ("显示 %1", "%1 を表示中"),
    "No lines match the filter.": ("没有与筛选条件匹配的行。", "フィルターに一致する行はありません。"),
    # Main window: the Logs tab.
    "Logs": ("日志", "ログ"),
    "&Logs of the Selected Window": ("所选时间窗的日志(&L)", "選択したウィンドウのログ(&L)"),
    "rank %1, %2": ("rank %1，%2", "ランク %1、%2"),
    # Baseline comparison: File menu, main window and command line.
    "Compare with &Baseline…": ("与基线比较(&B)…", "ベースラインと比較(&B)…"),
    "S&wap Baseline and Bundle": ("交换基线与作业包(&W)", "ベースラインとバンドルを入れ替え(&W)"),
    "&Close Baseline": ("关闭基线(&C)", "ベースラインを閉じる(&C)"),
    "Diff": ("对比", "差分"),
    "Diff vs %1": ("与 %1 对比", "%1 との差分"),
    "No baseline. Use File > Compare with Baseline… to put a healthy run beside this one, or start "
    "rankscope with --baseline.": (
        "没有基线。请使用“文件 > 与基线比较…”把一次健康的运行与本次运行并排比较，或用 --baseline 启动 "
        "rankscope。",
        "ベースラインがありません。「ファイル > ベースラインと比較…」で正常な実行をこの実行と並べて比較するか、"
        "--baseline を付けて rankscope を起動してください。"),
    "No baseline: File > Compare with Baseline…": (
        "没有基线：文件 > 与基线比较…", "ベースラインがありません：ファイル > ベースラインと比較…"),
    "Open a Healthy Run to Compare With": ("打开用于比较的健康运行", "比較対象の正常な実行を開く"),
    "Importing the baseline: %1": ("正在导入基线：%1", "ベースラインをインポート中：%1"),
    "Importing the baseline %1…": ("正在导入基线 %1…", "ベースライン %1 をインポート中…"),
    "Cannot open the baseline %1: %2": ("无法打开基线 %1：%2", "ベースライン %1 を開けません：%2"),
    "Comparing with the baseline…": ("正在与基线比较…", "ベースラインと比較中…"),
    "The comparison failed: %1": ("比较失败：%1", "比較に失敗しました：%1"),
    "The comparison with the baseline failed: %1": ("与基线的比较失败：%1", "ベースラインとの比較に失敗しました：%1"),
    "Compared with %1: %2": ("已与 %1 比较：%2", "%1 と比較しました：%2"),
    "iterations paired by position: iteration N beside the baseline's N − %1": (
        "按位置配对迭代：第 N 次迭代对应基线的第 N − %1 次",
        "イテレーションを位置で対応付け：イテレーション N をベースラインの N − %1 と比較"),
    "windows paired by position": ("按位置配对时间窗", "ウィンドウを位置で対応付け"),
    "View to show first: stacks, heatmap, logs, diff or heatmap-diff (the heatmap minus the "
    "baseline's).": (
        "首先显示的视图：stacks、heatmap、logs、diff 或 heatmap-diff（热力图减去基线的热力图）。",
        "最初に表示するビュー：stacks、heatmap、logs、diff または heatmap-diff（ヒートマップから"
        "ベースラインのものを引いた差分）。"),
    "A healthy run (folder or archive) to compare the bundle with, side by side (the Diff view).": (
        "与作业包并排比较的健康运行（文件夹或归档），显示在“对比”视图中。",
        "バンドルと並べて比較する正常な実行（フォルダーまたはアーカイブ）。「差分」ビューに表示します。"),
    # Diff view: run names, tabs and the "what changed" summary.
    "baseline": ("基线", "ベースライン"),
    "target": ("目标运行", "ターゲット"),
    "Baseline: %1": ("基线：%1", "ベースライン：%1"),
    "Target: %1": ("目标运行：%1", "ターゲット：%1"),
    "baseline %1": ("基线 %1", "ベースライン %1"),
    "target %1": ("目标运行 %1", "ターゲット %1"),
    "baseline · %1": ("基线 · %1", "ベースライン · %1"),
    "target · %1": ("目标运行 · %1", "ターゲット · %1"),
    "baseline %1 vs target %2": ("基线 %1 对比目标运行 %2", "ベースライン %1 とターゲット %2 の比較"),
    "%1: %2 (%3)": ("%1：%2（%3）", "%1：%2（%3）"),
    "Stacks (%1)": ("调用栈（%1）", "スタック（%1）"),
    "Logs (%1)": ("日志（%1）", "ログ（%1）"),
    "Ops": ("操作", "操作"),
    "Ops (%1)": ("操作（%1）", "操作（%1）"),
    "stacks": ("调用栈", "スタック"),
    "logs": ("日志", "ログ"),
    "flight recorder dumps": ("Flight Recorder 转储", "Flight Recorder ダンプ"),
    "Stack dumps": ("堆栈转储", "スタックダンプ"),
    "Collective call sites": ("集合通信调用点", "集団通信の呼び出し箇所"),
    "The Python frames each rank's Flight Recorder dump recorded for the collective it blocks in "
    "(its earliest entry that did not complete), merged across ranks": (
        "每个 rank 的 Flight Recorder 转储为其阻塞所在的集合通信记录的 Python 栈帧"
        "（其最早未完成的条目），跨 rank 合并",
        "各ランクの Flight Recorder ダンプが、そのランクがブロックしている集団通信について記録した "
        "Python フレーム（完了していない最初のエントリ）をランク間でマージしたもの",
    ),
    "ops": ("操作", "操作"),
    "step time": ("单步耗时", "ステップ時間"),
    "overall": ("总体", "全体"),
    "What changed": ("变化概要", "変更点"),
    "<b>What changed</b> &nbsp; baseline <b>%1</b> (%2) &rarr; target <b>%3</b> (%4)": (
        "<b>变化概要</b> &nbsp; 基线 <b>%1</b>（%2）&rarr; 目标运行 <b>%3</b>（%4）",
        "<b>変更点</b> &nbsp; ベースライン <b>%1</b>（%2）&rarr; ターゲット <b>%3</b>（%4）"),
    "<b>What changed</b> &nbsp; no comparison yet": (
        "<b>变化概要</b> &nbsp; 尚未比较", "<b>変更点</b> &nbsp; まだ比較していません"),
    "Click to show the evidence.": ("点击查看证据。", "クリックすると証拠を表示します。"),
    "new": ("新增", "新規"),
    "gone": ("消失", "消失"),
    "changed": ("有变化", "変化"),
    "more": ("增多", "増加"),
    "less": ("减少", "減少"),
    "same": ("不变", "変化なし"),
    "slower": ("变慢", "低速化"),
    "faster": ("变快", "高速化"),
    "%1×": ("%1×", "%1×"),
    "%1 (%2–%3)": ("%1（%2–%3）", "%1（%2–%3）"),
    "/iter": ("/迭代", "/イテレーション"),
    "/s": ("/秒", "/秒"),
    "/rank/iter": ("/rank/迭代", "/ランク/イテレーション"),
    "/rank/h": ("/rank/小时", "/ランク/時間"),
    # Diff view: stacks (side by side, differential flame graph, changed paths).
    "Baseline flame graph": ("基线火焰图", "ベースラインのフレームグラフ"),
    "Target flame graph": ("目标运行火焰图", "ターゲットのフレームグラフ"),
    "Differential flame graph": ("差分火焰图", "差分フレームグラフ"),
    "Side by side": ("并排", "並べて表示"),
    "Baseline and target flame graphs next to each other, with zoom, search, selection and rank "
    "highlight coupled.": (
        "基线与目标运行的火焰图并排显示，缩放、搜索、选择和 rank 高亮相互联动。",
        "ベースラインとターゲットのフレームグラフを並べて表示し、ズーム・検索・選択・ランクの強調表示を"
        "連動させます。"),
    "Differential": ("差分", "差分"),
    "One flame graph with the target's widths, red where a path gained share of ranks, blue where it "
    "lost; frames only in the shown run are hatched.": (
        "一张按目标运行宽度绘制的火焰图：路径的 rank 占比增加处为红色，减少处为蓝色；仅存在于当前所示运行中的"
        "栈帧带斜线阴影。",
        "ターゲットの幅で描く 1 つのフレームグラフ。パスのランクの割合が増えたところは赤、減ったところは青で、"
        "表示中の実行にしかないフレームは斜線で示します。"),
    "Reverse": ("反向", "反転"),
    "Show the baseline's widths instead, coloured by what the target lost, so paths that vanished in "
    "the target are visible.": (
        "改用基线的宽度，并按目标运行减少的部分着色，从而能看到在目标运行中消失的路径。",
        "代わりにベースラインの幅で表示し、ターゲットで減ったものを色で示します。ターゲットで消えたパスも"
        "見えるようになります。"),
    "Search frames in both runs": ("在两次运行中搜索栈帧", "両方の実行でフレームを検索"),
    "Matched: %1 / %2": ("匹配：%1 / %2", "一致：%1 / %2"),
    "Share of the ranks with data whose stacks hold a matching frame: baseline %1 / target %2.": (
        "有数据的 rank 中，调用栈含匹配栈帧的比例：基线 %1 / 目标运行 %2。",
        "データのあるランクのうち、スタックに一致するフレームを含むものの割合：ベースライン %1 / ターゲット %2。"),
    "No runs compared.": ("未比较任何运行。", "比較した実行はありません。"),
    "no stacks": ("无调用栈", "スタックなし"),
    "%1 has no stacks (no py-spy dumps in its bundle, or none for the chosen threads).": (
        "%1 没有调用栈（其作业包中没有 py-spy 转储，或所选线程没有）。",
        "%1 にはスタックがありません（バンドルに py-spy ダンプがないか、選択したスレッドのものがありません）。"),
    "Neither run has stack samples (stacks/ folder).": (
        "两次运行都没有调用栈采样（stacks/ 文件夹）。", "どちらの実行にもスタックサンプル（stacks/ フォルダー）がありません。"),
    "Neither %1 nor %2 has stacks.": ("%1 和 %2 都没有调用栈。", "%1 にも %2 にもスタックがありません。"),
    "The differential flame graph needs stacks from both runs: %1 has none.": (
        "差分火焰图需要两次运行的调用栈：%1 没有。", "差分フレームグラフには両方の実行のスタックが必要です：%1 にはありません。"),
    "Widths of the baseline %1, coloured by what %2 lost: blue paths lost ranks, hatched blue paths "
    "vanished from %2.": (
        "宽度取自基线 %1，按 %2 减少的部分着色：蓝色路径的 rank 减少，带斜线的蓝色路径已从 %2 中消失。",
        "ベースライン %1 の幅で、%2 で減ったものを色で示します：青のパスはランクが減少、斜線付きの青のパスは "
        "%2 から消失。"),
    "Widths of the target %1, coloured by the change against %2: red paths gained ranks, hatched red "
    "paths are new.": (
        "宽度取自目标运行 %1，按相对 %2 的变化着色：红色路径的 rank 增加，带斜线的红色路径为新增。",
        "ターゲット %1 の幅で、%2 に対する変化を色で示します：赤のパスはランクが増加、斜線付きの赤のパスは新規。"),
    "No paths to compare: %1 has no stacks.": ("没有可比较的路径：%1 没有调用栈。", "比較するパスがありません：%1 にはスタックがありません。"),
    "No path changed its share of ranks by 5 points or more between %1 and %2.": (
        "在 %1 与 %2 之间，没有路径的 rank 占比变化达到 5 个百分点或以上。",
        "%1 と %2 の間で、ランクの割合が 5 ポイント以上変化したパスはありません。"),
    "Changed stack paths": ("有变化的调用栈路径", "変化したスタックのパス"),
    "No stacks compared.": ("未比较调用栈。", "スタックを比較していません。"),
    "Path": ("路径", "パス"),
    "Baseline ranks": ("基线 rank", "ベースラインのランク"),
    "Target ranks": ("目标运行 rank", "ターゲットのランク"),
    "%1 of %2 (%3)": ("%1/%2（%3）", "%1/%2（%3）"),
    "baseline ranks: %1": ("基线 rank：%1", "ベースラインのランク：%1"),
    "target ranks: %1": ("目标运行 rank：%1", "ターゲットのランク：%1"),
    "No baseline rank took this path.": ("基线中没有 rank 经过此路径。", "ベースラインにはこのパスを通ったランクがありません。"),
    "No target rank takes this path any more.": (
        "目标运行中已没有 rank 经过此路径。", "ターゲットではこのパスを通るランクがなくなりました。"),
    "Both runs have this path, with a different share of their ranks.": (
        "两次运行都有此路径，但经过它的 rank 占比不同。", "両方の実行にこのパスがありますが、それを通るランクの割合が異なります。"),
    "Target share minus baseline share of each run's ranks with data.": (
        "目标运行占比减去基线占比（各自以有数据的 rank 为分母）。",
        "ターゲットの割合 − ベースラインの割合（それぞれデータのあるランクに占める割合）。"),
    # Flame graph: differential colouring, legend, labels and tooltips; rank highlight menu.
    "gained ranks": ("rank 增加", "ランク増加"),
    "lost ranks": ("rank 减少", "ランク減少"),
    "%1 vs %2:": ("%1 相对于 %2：", "%2 に対する %1："),
    "(the target gained ranks here)": ("（目标运行在此处增加了 rank）", "（ターゲットはここでランクが増加）"),
    "(the target lost ranks here)": ("（目标运行在此处减少了 rank）", "（ターゲットはここでランクが減少）"),
    "change": ("变化", "変化"),
    "%1 of %2 ranks (%3)": ("%2 个 rank 中的 %1 个（%3）", "%2 ランク中 %1（%3）"),
    "%1 of %2 ranks": ("%1/%2 个 rank", "%1/%2 ランク"),
    "%1%": ("%1%", "%1%"),
    "±0 points": ("±0 个百分点", "±0 ポイント"),
    "+%1 points": ("+%1 个百分点", "+%1 ポイント"),
    "\u2212%1 points": ("\u2212%1 个百分点", "\u2212%1 ポイント"),
    "+%1 pts": ("+%1 pt", "+%1 pt"),
    "\u2212%1 pts": ("\u2212%1 pt", "\u2212%1 pt"),
    "only in %1 (new)": ("仅在 %1 中（新增）", "%1 のみ（新規）"),
    "only in %1 (gone)": ("仅在 %1 中（已消失）", "%1 のみ（消失）"),
    "only in %1 (gone from %2)": ("仅在 %1 中（%2 中已消失）", "%1 のみ（%2 では消失）"),
    "%1: %2 of %3 ranks (%4); %5: %6 of %7 (%8); %9": (
        "%1：%3 个 rank 中的 %2 个（%4）；%5：%7 个中的 %6 个（%8）；%9",
        "%1：%3 ランク中 %2（%4）、%5：%7 中 %6（%8）、%9"),
    "widths: %1, %2 ranks  ·  colour: share of each run's ranks with data; full = %3 pts": (
        "宽度：%1，%2 个 rank  ·  颜色：占各运行有数据 rank 的比例之差；最深色 = %3 个百分点",
        "幅：%1、%2 ランク  ·  色：各実行のデータのあるランクに占める割合の差。最も濃い色 = %3 ポイント"),
    "Highlight Rank": ("高亮 Rank", "ランクを強調表示"),
    "%n more ranks not listed": ("另有 %n 个 rank 未列出", "ほか %n ランクは省略"),
    "1 more rank not listed": ("另有 1 个 rank 未列出", "ほか 1 ランクは省略"),
    "%1; %2": ("%1；%2", "%1；%2"),
    "Clear Rank Highlight": ("取消 Rank 高亮", "ランクの強調表示を解除"),
    # Diff view: log templates.
    "Significant changes only": ("仅显著变化", "有意な変化のみ"),
    "Hide templates both runs log at a comparable rate.": (
        "隐藏两次运行中记录频率相当的模板。", "両方の実行でほぼ同じ頻度で記録されたテンプレートを隠します。"),
    "Neither run has logs (logs/ folder), so there are no log templates to compare.": (
        "两次运行都没有日志（logs/ 文件夹），因此没有可比较的日志模板。",
        "どちらの実行にもログ（logs/ フォルダー）がないため、比較するログのテンプレートがありません。"),
    "The logs of both runs hold no templates to compare.": (
        "两次运行的日志中都没有可比较的模板。", "両方の実行のログに、比較するテンプレートがありません。"),
    "rates per rank per iteration": ("频率按每 rank 每迭代计", "頻度はランクあたり・イテレーションあたり"),
    "rates per rank per hour (no iteration lines)": (
        "频率按每 rank 每小时计（无迭代日志行）", "頻度はランクあたり・1 時間あたり（イテレーションの行なし）"),
    'No template changed significantly; clear "Significant changes only" to see all %1.': (
        "没有模板发生显著变化；取消勾选“仅显著变化”可查看全部 %1 个。",
        "有意に変化したテンプレートはありません。「有意な変化のみ」をオフにすると全 %1 件を表示します。"),
    "%1 of %2 templates new, gone or changed in frequency": (
        "%2 个模板中有 %1 个新增、消失或频率变化", "%2 テンプレート中 %1 件が新規・消失・頻度変化"),
    "The baseline never logged this template.": ("基线从未记录过此模板。", "ベースラインはこのテンプレートを一度も記録していません。"),
    "The baseline logged this template; the target never does.": (
        "基线记录过此模板；目标运行从未记录。",
        "ベースラインはこのテンプレートを記録していましたが、ターゲットでは一度も記録されていません。"),
    "Significantly more frequent in the target, per rank per iteration.": (
        "按每 rank 每迭代计，在目标运行中明显更频繁。", "ランクあたり・イテレーションあたりで、ターゲットのほうが有意に多く出現します。"),
    "Significantly less frequent in the target, per rank per iteration.": (
        "按每 rank 每迭代计，在目标运行中明显更少。", "ランクあたり・イテレーションあたりで、ターゲットのほうが有意に少なく出現します。"),
    "Significantly more frequent in the target, per rank-hour.": (
        "按每 rank 每小时计，在目标运行中明显更频繁。", "ランクあたり・1 時間あたりで、ターゲットのほうが有意に多く出現します。"),
    "Significantly less frequent in the target, per rank-hour.": (
        "按每 rank 每小时计，在目标运行中明显更少。", "ランクあたり・1 時間あたりで、ターゲットのほうが有意に少なく出現します。"),
    "Both runs log it at a comparable rate.": ("两次运行记录它的频率相当。", "両方の実行でほぼ同じ頻度で記録されています。"),
    "in the baseline: %1": ("基线中：%1", "ベースラインでは：%1"),
    "baseline: %1 events on ranks %2 · target: %3 events on ranks %4": (
        "基线：rank %2 上 %1 个事件 · 目标运行：rank %4 上 %3 个事件",
        "ベースライン：ランク %2 で %1 イベント · ターゲット：ランク %4 で %3 イベント"),
    "first in the target on rank %1": ("在目标运行中首次出现于 rank %1", "ターゲットではランク %1 で最初に出現"),
    "Double-click to show its lines in the target.": (
        "双击显示其在目标运行中的日志行。", "ダブルクリックでターゲットでの行を表示します。"),
    "Events per rank per hour (the run has no iteration lines).": (
        "每 rank 每小时的事件数（该运行没有迭代日志行）。",
        "ランクあたり・1 時間あたりのイベント数（この実行にはイテレーションの行がありません）。"),
    "Events per rank per iteration.": ("每 rank 每迭代的事件数。", "ランクあたり・イテレーションあたりのイベント数。"),
    "Target rate divided by baseline rate.": ("目标运行频率除以基线频率。", "ターゲットの頻度 ÷ ベースラインの頻度。"),
    "The iteration of its first event in the target.": (
        "其在目标运行中首个事件所在的迭代。", "ターゲットで最初のイベントが出たイテレーション。"),
    "Baseline": ("基线", "ベースライン"),
    "Baseline rate": ("基线频率", "ベースラインの頻度"),
    "Target": ("目标运行", "ターゲット"),
    "Target rate": ("目标运行频率", "ターゲットの頻度"),
    "Nodes": ("节点", "ノード"),
    "First iter": ("首次迭代", "最初のイテレーション"),
    "Log templates new, gone and changed against the baseline": (
        "相对基线新增、消失和变化的日志模板", "ベースラインと比べて新規・消失・変化したログのテンプレート"),
    # Diff view: per-op timing and step-time distributions.
    "The target has no profiler traces (traces/ folder), so there is no per-op timing to compare.": (
        "目标运行没有性能分析追踪（traces/ 文件夹），因此没有可比较的逐操作耗时。",
        "ターゲットにはプロファイラーのトレース（traces/ フォルダー）がないため、比較する操作ごとの時間がありません。"),
    "The baseline has no profiler traces (traces/ folder), so there is no per-op timing to compare.": (
        "基线没有性能分析追踪（traces/ 文件夹），因此没有可比较的逐操作耗时。",
        "ベースラインにはプロファイラーのトレース（traces/ フォルダー）がないため、比較する操作ごとの時間がありません。"),
    "No per-op timing to compare: both runs need profiler traces (traces/ folder).": (
        "没有可比较的逐操作耗时：两次运行都需要性能分析追踪（traces/ 文件夹）。",
        "比較する操作ごとの時間がありません：両方の実行にプロファイラーのトレース（traces/ フォルダー）が必要です。"),
    "Time per iteration: median over the ranks that ran each op, p10–p90 spread.": (
        "每迭代耗时：运行了该操作的 rank 上的中位数，以及 p10–p90 范围。",
        "イテレーションあたりの時間：各操作を実行したランクでの中央値と p10–p90 のばらつき。"),
    "Time per second of trace (no ProfilerStep ranges): median over the ranks, p10–p90 spread.": (
        "每秒追踪内的耗时（无 ProfilerStep 区间）：各 rank 上的中位数，以及 p10–p90 范围。",
        "トレース 1 秒あたりの時間（ProfilerStep の範囲なし）：ランクでの中央値と p10–p90 のばらつき。"),
    "Of %3 ops: %1 slower or new, %2 faster or gone.": (
        "%3 个操作中，%1 个变慢或新增，%2 个变快或消失。", "%3 操作のうち、低速化または新規 %1、高速化または消失 %2。"),
    "Op": ("操作", "操作"),
    "Baseline %1 (p10–p90)": ("基线 %1（p10–p90）", "ベースライン %1（p10–p90）"),
    "Target %1 (p10–p90)": ("目标运行 %1（p10–p90）", "ターゲット %1（p10–p90）"),
    "Δ %1": ("Δ %1", "Δ %1"),
    "Baseline calls %1": ("基线调用次数 %1", "ベースライン呼び出し回数 %1"),
    "Target calls %1": ("目标运行调用次数 %1", "ターゲット呼び出し回数 %1"),
    "%1: not run": ("%1：未运行", "%1：未実行"),
    "%1: median %2%3 over %4 of %5 ranks (p10 %6, p90 %7), %8 calls%3, %9 per call": (
        "%1：中位数 %2%3（%5 个 rank 中的 %4 个；p10 %6，p90 %7），%8 次调用%3，每次调用 %9",
        "%1：中央値 %2%3（%5 ランク中 %4、p10 %6、p90 %7）、呼び出し %8 回%3、1 回あたり %9"),
    "change: %1%2 (%3)": ("变化：%1%2（%3）", "変化：%1%2（%3）"),
    "Median time per iteration over the ranks that ran the op, with the p10–p90 spread over those "
    "ranks.": (
        "运行了该操作的 rank 上每迭代耗时的中位数，以及这些 rank 上的 p10–p90 范围。",
        "その操作を実行したランクでのイテレーションあたりの時間の中央値と、それらのランクでの p10–p90 のばらつき。"),
    "Median time per second of trace over the ranks that ran the op (no ProfilerStep ranges), with "
    "the p10–p90 spread.": (
        "运行了该操作的 rank 上每秒追踪内耗时的中位数（无 ProfilerStep 区间），以及 p10–p90 范围。",
        "その操作を実行したランクでのトレース 1 秒あたりの時間の中央値（ProfilerStep の範囲なし）と p10–p90 の"
        "ばらつき。"),
    "Target median divided by baseline median.": ("目标运行中位数除以基线中位数。", "ターゲットの中央値 ÷ ベースラインの中央値。"),
    "Target median minus baseline median.": ("目标运行中位数减去基线中位数。", "ターゲットの中央値 − ベースラインの中央値。"),
    "Per-op timing against the baseline": ("与基线对比的逐操作耗时", "ベースラインと比べた操作ごとの時間"),
    "Step-time distributions of the baseline and the target": (
        "基线与目标运行的单步耗时分布", "ベースラインとターゲットのステップ時間の分布"),
    "Step time, all ranks and iterations": ("单步耗时（全部 rank 和迭代）", "ステップ時間（全ランク・全イテレーション）"),
    "no step times": ("无单步耗时", "ステップ時間なし"),
    "%1: no step times": ("%1：无单步耗时", "%1：ステップ時間なし"),
    "Neither run has step times (no ProfilerStep ranges in the traces).": (
        "两次运行都没有单步耗时（追踪中没有 ProfilerStep 区间）。",
        "どちらの実行にもステップ時間がありません（トレースに ProfilerStep の範囲がありません）。"),
    "median %1 · p90 %2 · p99 %3 · max %4": (
        "中位数 %1 · p90 %2 · p99 %3 · 最大值 %4", "中央値 %1 · p90 %2 · p99 %3 · 最大 %4"),
    "%1: %2 steps · p10 %3 · median %4 · p90 %5 · p99 %6 · max %7": (
        "%1：%2 个单步 · p10 %3 · 中位数 %4 · p90 %5 · p99 %6 · 最大值 %7",
        "%1：%2 ステップ · p10 %3 · 中央値 %4 · p90 %5 · p99 %6 · 最大 %7"),
    "Click to compare in the heatmap (difference mode) ▸": (
        "点击在热力图中比较（差值模式）▸", "クリックでヒートマップで比較（差分モード）▸"),
    "Click to open the heatmap in difference mode (step time).": (
        "点击以差值模式打开热力图（单步耗时）。", "クリックでヒートマップを差分モードで開きます（ステップ時間）。"),
    # Heatmap: difference mode (target minus baseline).
    "Difference from baseline": ("与基线的差值", "ベースラインとの差"),
    "Colour each cell by the target run minus the baseline (same rank, aligned iteration): red where "
    "the target is higher, blue where it is lower.": (
        "按目标运行减去基线的差值为每个单元格着色（同一 rank、对齐的迭代）：目标运行更高处为红色，更低处为蓝色。",
        "各セルをターゲットの実行からベースラインを引いた値で色分けします（同じランク、揃えたイテレーション）："
        "ターゲットが高いところは赤、低いところは青。"),
    "target − baseline": ("目标运行 − 基线", "ターゲット − ベースライン"),
    "Shown: the target run minus the baseline, cell by cell (same rank, aligned window); white is no "
    "change.": (
        "显示：逐单元格的目标运行减去基线（同一 rank、对齐的时间窗）；白色表示无变化。",
        "表示：セルごとにターゲットの実行からベースラインを引いた値（同じランク、揃えたウィンドウ）。白は変化なし。"),
    "blue: lower in the target · red: higher in the target": (
        "蓝：目标运行中更低 · 红：目标运行中更高", "青：ターゲットで低い · 赤：ターゲットで高い"),
    "missing in one run": ("某一运行中缺失", "一方の実行で欠落"),
    "changes from %1 to %2 events": ("变化 %1 至 %2 个事件", "変化 %1～%2 イベント"),
    "changes from %1 to %2 ms": ("变化 %1 至 %2 ms", "変化 %1～%2 ms"),
    "%1: target − baseline (events)": ("%1：目标运行 − 基线（事件数）", "%1：ターゲット − ベースライン（イベント数）"),
    "%1: target − baseline (ms)": ("%1：目标运行 − 基线（ms）", "%1：ターゲット − ベースライン（ms）"),
    "%1 · mean of the cells in each pixel": ("%1 · 每个像素内各单元格的平均值", "%1 · 各ピクセル内のセルの平均"),
    "%1 · largest change (%2) of the cells in each pixel": (
        "%1 · 每个像素内各单元格的最大变化（%2）", "%1 · 各ピクセル内のセルの最大の変化（%2）"),
    "%1, target − baseline: <b>no value</b> (this rank or window is missing in one of the runs)": (
        "%1，目标运行 − 基线：<b>无值</b>（该 rank 或时间窗在其中一次运行中缺失）",
        "%1、ターゲット − ベースライン：<b>値なし</b>（このランクまたはウィンドウが一方の実行にありません）"),
    "%1, target − baseline: <b>%2</b>": ("%1，目标运行 − 基线：<b>%2</b>", "%1、ターゲット − ベースライン：<b>%2</b>"),
    "This pixel holds %1 × %2 cells; described here: the largest change.": (
        "此像素包含 %1 × %2 个单元格；此处描述的是变化最大的单元格。",
        "このピクセルには %1 × %2 個のセルがあります。ここでの説明：変化が最大のセル。"),
    # Issue 10 (logdedup): copies of one event in two files; the job's step time and loss.
    "the Logs tab exports its step-time chart: open \"Step time and loss\"": (
        "日志页导出的是步长时间图：请打开“步长时间与损失”",
        "ログタブがエクスポートするのはステップ時間のグラフです：「ステップ時間と損失」を開いてください"),
    "View to show first: stacks, heatmap, logs, logs-steps (the Logs tab's step-time and loss chart), diff or heatmap-diff (the heatmap minus the baseline's).": (
        "首先显示的视图：stacks、heatmap、logs、logs-steps（日志页的步长时间与损失图）、diff 或 heatmap-diff（热力图减去基线）。",
        "最初に表示するビュー：stacks、heatmap、logs、logs-steps（ログタブのステップ時間と損失のグラフ）、diff、heatmap-diff（ヒートマップからベースラインを引いたもの）。"),
    "Step time (%1)": ("步长时间（%1）", "ステップ時間（%1）"),
    "Copies (%1)": ("副本（%1）", "コピー（%1）"),
    "Copies": ("副本", "コピー"),
    "Also show the %n lines that are copies of a line another file holds (the same event in a rank's own log and in the launcher's output). Every count takes the event once, from the rank's own file; copies are marked \"copy\".": (
        "同时显示 %n 行副本：另一个文件中也有的同一行（同一事件既在 rank 自己的日志中，又在启动器的输出中）。所有计数只计一次该事件，取自 rank 自己的文件；副本标记为“副本”。",
        "別のファイルにもある行のコピー %n 行も表示します（ランク自身のログとランチャーの出力にある同じイベント）。すべての集計はイベントを一度だけ、ランク自身のファイルから数えます。コピーには「コピー」と表示されます。"),
    "No line of this job is a copy of another file's line.": (
        "此作业没有任何一行是其他文件中某行的副本。",
        "このジョブには別のファイルの行のコピーである行はありません。"),
    "copy": ("副本", "コピー"),
    "A copy of %1: the same event, counted once, there.": (
        "%1 的副本：同一事件，只在那里计数一次。",
        "%1 のコピー：同じイベントで、そちらで一度だけ数えます。"),
    "Also in %1 (counted once, here).": ("也在 %1 中（只在此处计数一次）。", "%1 にもあります（ここで一度だけ数えます）。"),
    "The time its peers waited for it, measured from the arrival order at the collectives it arrived last at, per step and summed from its first slow window on.": (
        "其他 rank 等待它的时间，由它最后到达的那些集合通信的到达顺序测得，按每步给出，并从它第一个变慢的窗口起累计。",
        "ピアがこのランクを待った時間。最後に到着した集団通信の到着順から測定し、ステップごとと、最初に遅くなったウィンドウからの合計で示します。"),
    "The time its peers wait for it, estimated: by how much it arrives after the next-slowest peer, per step and summed from its first slow window on.": (
        "其他 rank 等待它的时间（估计值）：它比第二慢的 rank 晚到多少，按每步给出，并从它第一个变慢的窗口起累计。",
        "ピアがこのランクを待つ時間（推定）：次に遅いピアよりどれだけ遅れて到着するか。ステップごとと、最初に遅くなったウィンドウからの合計で示します。"),
    "Also in %n other places, first %1 (counted once, here).": (
        "还在另外 %n 处，第一处为 %1（只在此处计数一次）。",
        "ほかに %n か所、最初は %1（ここで一度だけ数えます）。"),
    "Templates": ("模板", "テンプレート"),
    "Step time and loss": ("步长时间与损失", "ステップ時間と損失"),
    "Templates (%1)": ("模板（%1）", "テンプレート（%1）"),
    "Step time and loss per iteration": ("每次迭代的步长时间与损失", "イテレーションごとのステップ時間と損失"),
    "%n iteration lines, too few after the warm-up for a steady step time.": (
        "%n 行迭代记录，去掉预热后太少，无法得出稳定的步长时间。",
        "イテレーション行 %n 行。ウォームアップを除くと少なすぎて、安定したステップ時間を出せません。"),
    "%1 per iteration (the median of iterations %2–%3; the first %n lines skipped as warm-up).": (
        "每次迭代 %1（迭代 %2–%3 的中位数；前 %n 行作为预热跳过）。",
        "1 イテレーションあたり %1（イテレーション %2–%3 の中央値。最初の %n 行はウォームアップとして除外）。"),
    "step time %1": ("步长时间 %1", "ステップ時間 %1"),
    "loss %1": ("损失 %1", "損失 %1"),
    "Iteration %1": ("迭代 %1", "イテレーション %1"),
    "baseline %1, iteration %2: %3": ("基线 %1，迭代 %2：%3", "ベースライン %1、イテレーション %2：%3"),
    "No iteration lines in the logs: Megatron-LM's \"iteration N/M | ... elapsed time per iteration (ms)\", DeepSpeed's \"steps: N loss: ... iter time (s)\", HF Trainer's {'loss': ...} or a tqdm bar give the job's step time and loss per iteration.": (
        "日志中没有迭代行：Megatron-LM 的 \"iteration N/M | ... elapsed time per iteration (ms)\"、DeepSpeed 的 \"steps: N loss: ... iter time (s)\"、HF Trainer 的 {'loss': ...} 或 tqdm 进度条会给出作业每次迭代的步长时间与损失。",
        "ログにイテレーション行がありません：Megatron-LM の \"iteration N/M | ... elapsed time per iteration (ms)\"、DeepSpeed の \"steps: N loss: ... iter time (s)\"、HF Trainer の {'loss': ...}、tqdm のバーがあれば、ジョブのイテレーションごとのステップ時間と損失がわかります。"),
    "From %1's iteration lines of no rank (its last rank prints them).": (
        "来自 %1 不属于任何 rank 的迭代行（由最后一个 rank 打印）。",
        "%1 のランクなしのイテレーション行から（最後のランクが出力します）。"),
    "From %1 iteration lines: per iteration the median over %n ranks.": (
        "来自 %1 的迭代行：每次迭代取 %n 个 rank 的中位数。",
        "%1 のイテレーション行から：イテレーションごとに %n ランクの中央値。"),
    "%1: %2": ("%1：%2", "%1：%2"),
    "Baseline %1: %2": ("基线 %1：%2", "ベースライン %1：%2"),
    "Iterations take %1, %2% longer than the baseline's %3.": (
        "每次迭代耗时 %1，比基线的 %3 长 %2%。",
        "イテレーションは %1 かかり、ベースラインの %3 より %2% 長くなっています。"),
    "Iterations take %1, %2% less than the baseline's %3.": (
        "每次迭代耗时 %1，比基线的 %3 短 %2%。",
        "イテレーションは %1 かかり、ベースラインの %3 より %2% 短くなっています。"),
    "No significant change in step time against the baseline (%1%2%; a change needs at least 5% and a rank-sum test with |z| ≥ 3).": (
        "与基线相比步长时间没有显著变化（%1%2%；变化需要至少 5% 且秩和检验 |z| ≥ 3）。",
        "ベースラインと比べてステップ時間に有意な変化はありません（%1%2%。変化と見なすには 5% 以上かつ順位和検定で |z| ≥ 3 が必要です）。"),
    "Iteration": ("迭代", "イテレーション"),
    "s": ("秒", "秒"),
    "ms": ("毫秒", "ミリ秒"),
    "Step time (%1, from the time between lines)": (
        "步长时间（%1，由相邻行的时间间隔得出）", "ステップ時間（%1、行と行の間の時間から）"),
    "Loss": ("损失", "損失"),
    "Step time (baseline %1)": ("步长时间（基线 %1）", "ステップ時間（ベースライン %1）"),
    "Loss (baseline %1)": ("损失（基线 %1）", "損失（ベースライン %1）"),
    "Loss (%1)": ("损失（%1）", "損失（%1）"),
    "baseline %1 vs %2": ("基线 %1 对比 %2", "ベースライン %1 と %2"),
    # Stragglers panel: confidence, periodic stalls and what a suspect costs the job (issue 10).
    "Confidence": ("置信度", "確度"),
    "Costs the job": ("对作业的代价", "ジョブへのコスト"),
    "every %1 iterations from %2": ("从%2起每 %1 次迭代", "%2 から %1 イテレーションごと"),
    "every %1 time bins from %2": ("从%2起每 %1 个时间分箱", "%2 から %1 タイムビンごと"),
    "tentative (one window)": ("暂定（仅一个时间窗）", "暫定（ウィンドウ 1 つのみ）"),
    "tentative (%n window(s))": ("暂定（%n 个时间窗）", "暫定（ウィンドウ %n 個）"),
    "confirmed (%1 of %2)": ("已确认（%2 个中的 %1 个）", "確認済み（%2 個中 %1 個）"),
    "~%1 in that step": ("该步约 %1", "そのステップで約 %1"),
    "~%1 in that time bin": ("该时间分箱约 %1", "そのタイムビンで約 %1"),
    "~%1 per step (%2 in all)": ("每步约 %1（共 %2）", "ステップごとに約 %1（合計 %2）"),
    "~%1 per time bin (%2 in all)": ("每个时间分箱约 %1（共 %2）", "タイムビンごとに約 %1（合計 %2）"),
    "The traces hold too few windows to test whether the rank stays slow: it was slow at its own work in each of them.": (
        "追踪中的时间窗太少，无法检验该 rank 是否持续偏慢：它在每个时间窗中自身的工作都偏慢。",
        "トレースのウィンドウが少なすぎて、このランクが遅いままかどうかを検定できません。各ウィンドウで自身の処理が遅くなっていました。"),
    "Persistently slower than its peers: tested over all of the rank's windows, not only consecutive ones.": (
        "持续比同组 rank 慢：检验基于该 rank 的全部时间窗，而不只是连续的时间窗。",
        "ピアより継続的に遅い：連続したウィンドウだけでなく、このランクの全ウィンドウで検定しています。"),
    "The time its peers wait for it: by how much it arrives after the next-slowest peer, per step and summed from its first slow window on.": (
        "同组 rank 等待它的时间：它比次慢的同组 rank 晚到达多少，按每步计算，并从它第一个偏慢的时间窗起累计。",
        "ピアがこのランクを待つ時間：次に遅いピアよりどれだけ遅れて到着するか。ステップごとの値と、最初に遅くなったウィンドウからの合計です。"),
    # Coverage and world size (issue 10: what each rank has, who said how many ranks there are)
    "traces": ("性能跟踪", "トレース"),
    "distributedInfo.world_size in the traces": ("来自跟踪的 distributedInfo.world_size", "トレースの distributedInfo.world_size"),
    "stated in the logs": ("日志中给出", "ログに記載"),
    "highest rank seen + 1": ("所见最大 rank + 1", "確認できた最大ランク + 1"),
    "from file paths": ("来自文件路径", "ファイルパスから"),
    "one file, taken as rank 0": ("单个文件，视为 rank 0", "単一ファイル、ランク 0 とみなす"),
    "rank %1: %2": ("rank %1：%2", "ランク %1：%2"),
    "ranks %1: %2": ("rank %1：%2", "ランク %1：%2"),
    "no stacks in this bundle": ("此作业包没有调用栈", "このバンドルにスタックなし"),
    "no traces in this bundle": ("此作业包没有性能跟踪", "このバンドルにトレースなし"),
    "no logs in this bundle": ("此作业包没有日志", "このバンドルにログなし"),
    "no stacks or traces in this bundle": ("此作业包没有调用栈和性能跟踪", "このバンドルにスタックとトレースなし"),
    "no stacks or logs in this bundle": ("此作业包没有调用栈和日志", "このバンドルにスタックとログなし"),
    "no traces or logs in this bundle": ("此作业包没有性能跟踪和日志", "このバンドルにトレースとログなし"),
    "no stacks, traces or logs in this bundle": ("此作业包没有调用栈、性能跟踪和日志", "このバンドルにスタック、トレース、ログなし"),
    "world size %1": ("world size %1", "ワールドサイズ %1"),
    "world size %1 (%2)": ("world size %1（%2）", "ワールドサイズ %1（%2）"),
    "no stacks · %1": ("无调用栈 · %1", "スタックなし · %1"),
    "%1 ranks with stacks, %2 without, %3 frames merged; %4": (
        "%1 个 rank 有调用栈，%2 个没有，合并了 %3 个栈帧；%4",
        "スタックありのランク %1、なし %2、マージしたフレーム %3；%4"),
    "Ranks: %1": ("Rank：%1", "ランク：%1"),
    "Open Bundle &Archive or File…": ("打开作业包归档或文件(&A)…", "バンドルアーカイブまたはファイルを開く(&A)…"),
    "Open Job Bundle Archive or File": ("打开作业包归档或文件", "バンドルアーカイブまたはファイルを開く"),
    "Bundles, traces and logs (*.rankscope *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;Bundle archives (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;All files (*)": (
        "作业包、性能跟踪和日志 (*.rankscope *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;作业包归档 (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;所有文件 (*)",
        "バンドル、トレース、ログ (*.rankscope *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;バンドルアーカイブ (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;すべてのファイル (*)"),
    "Open a job bundle (File > Open, or drop a folder, an archive or a single trace here) to merge the stacks of every rank.": (
        "打开一个作业包（文件 > 打开，或把文件夹、归档或单个跟踪文件拖到这里），合并所有 rank 的调用栈。",
        "ジョブバンドルを開くと（ファイル > 開く、またはフォルダー、アーカイブ、単一のトレースをここにドロップ）、全ランクのスタックをマージします。"),
    "Job bundle: a folder, .tar, .tar.gz or .tar.zst archive, or a single trace, stack dump or log.": (
        "作业包：文件夹、.tar、.tar.gz 或 .tar.zst 归档，或单个跟踪、调用栈转储或日志。",
        "ジョブバンドル：フォルダー、.tar、.tar.gz、.tar.zst アーカイブ、または単一のトレース、スタックダンプ、ログ。"),

    # Collectives view (issue 11): the ranks x sequence strip, its findings and entry details
    "Collectives": ("集合通信", "集合通信"),
    "no entry": ("无条目", "エントリなし"),
    "completed": ("已完成", "完了"),
    "state unknown": ("状态未知", "状態不明"),
    "scheduled": ("已入队", "スケジュール済み"),
    "started": ("已开始", "開始済み"),
    "no record": ("无记录", "記録なし"),
    "missing (behind)": ("缺失（落后）", "欠落（遅れ）"),
    "mismatched": ("不一致", "不一致"),
    "The rank has no entry at this sequence number (before its first recorded entry, or beyond every member's progress).": (
        "该 rank 在此序号没有条目（早于其第一条记录，或超出所有成员的进度）。",
        "このランクはこのシーケンス番号にエントリを持ちません（最初の記録より前、またはどのメンバーの進捗よりも先）。"),
    "The rank completed this collective.": ("该 rank 已完成此集合通信。", "このランクはこの集合通信を完了しました。"),
    "The rank recorded this collective but its source does not say its state.": (
        "该 rank 记录了此集合通信，但来源未说明其状态。",
        "このランクはこの集合通信を記録しましたが、ソースは状態を示していません。"),
    "The rank enqueued this collective; it was not seen starting.": (
        "该 rank 已将此集合通信入队，但未见其开始。",
        "このランクはこの集合通信をキューに入れましたが、開始は確認されていません。"),
    "The collective started on the rank's GPU and was not seen completing.": (
        "此集合通信已在该 rank 的 GPU 上开始，但未见其完成。",
        "この集合通信はランクの GPU で開始しましたが、完了は確認されていません。"),
    "A member of the group that left no record at all (no dump, no log line): often the rank that hung.": (
        "该组中完全没有留下记录的成员（无转储、无日志行）：往往就是挂起的 rank。",
        "何の記録も残さなかったグループのメンバー（ダンプなし、ログ行なし）：多くの場合ハングしたランクです。"),
    "The rank never reached this sequence number while other members of the group are in it: it is behind.": (
        "组内其他成员已处于此序号，而该 rank 从未到达：它落后了。",
        "グループの他のメンバーがこのシーケンス番号にいるのに、このランクは到達していません：遅れています。"),
    "The rank runs a different op, sizes or dtypes than the other members at this sequence number.": (
        "在此序号上，该 rank 运行的操作、大小或数据类型与其他成员不同。",
        "このシーケンス番号で、このランクは他のメンバーと異なる演算、サイズ、データ型を実行しています。"),
    "Reading the collectives": ("正在读取集合通信", "集合通信を読み込み中"),
    "Analysing the collectives": ("正在分析集合通信", "集合通信を解析中"),
    "Lining up the sequences": ("正在对齐序号", "シーケンスを揃えています"),
    "Collectives ready": ("集合通信已就绪", "集合通信の準備完了"),
    "Up to %1 ranks per pixel row: the worst state is shown.": (
        "每个像素行最多 %1 个 rank：显示最差的状态。",
        "1 ピクセル行に最大 %1 ランク：最も悪い状態を表示します。"),
    "One row per rank.": ("每个 rank 一行。", "ランクごとに 1 行。"),
    "Marked: %1, the first sequence where the members disagree.": (
        "标记：%1，成员首次不一致的序号。", "マーク：%1、メンバーの食い違いが最初に現れるシーケンス。"),
    "Marked: %1, the furthest sequence any member reached.": (
        "标记：%1，任一成员到达的最远序号。", "マーク：%1、いずれかのメンバーが到達した最も先のシーケンス。"),
    "The ranks the findings name are on top, then every member by how far it got.": (
        "发现中点名的 rank 在最上方，其余成员按进度排列。",
        "所見が挙げたランクを上に、続いて各メンバーを進捗順に並べます。"),
    "This group has no entries to line up.": ("此组没有可对齐的条目。", "このグループには揃えるエントリがありません。"),
    "No collective records.": ("没有集合通信记录。", "集合通信の記録がありません。"),
    "behind": ("落后", "遅れ"),
    "mismatch": ("不一致", "不一致"),
    "no dump": ("无转储", "ダンプなし"),
    "failed": ("已失败", "失敗"),
    "Flight Recorder dump": ("Flight Recorder 转储", "Flight Recorder ダンプ"),
    "NCCL watchdog timeout": ("NCCL watchdog 超时", "NCCL ウォッチドッグのタイムアウト"),
    "NCCL progress line": ("NCCL 进度行", "NCCL 進捗行"),
    "desync report": ("desync 报告", "desync レポート"),
    "Flight Recorder analyser": ("Flight Recorder 分析器", "Flight Recorder アナライザー"),
    "Horovod stall inspector": ("Horovod stall inspector", "Horovod ストールインスペクター"),
    "NCCL RAS report": ("NCCL RAS 报告", "NCCL RAS レポート"),
    "profiler trace": ("性能跟踪", "プロファイラートレース"),
    "pg %1": ("pg %1", "pg %1"),
    "pg %1 (%2)": ("pg %1（%2）", "pg %1（%2）"),
    "most ranks blocked here": ("多数 rank 阻塞于此", "大半のランクがここでブロック"),
    "p2p #%1": ("p2p #%1", "p2p #%1"),
    "#%1": ("#%1", "#%1"),
    "not recorded": ("未记录", "記録なし"),
    "%1, byte %2": ("%1，字节 %2", "%1、バイト %2"),
    " (rank %1 in the group)": ("（组内 rank %1）", "（グループ内ランク %1）"),
    "Group": ("组", "グループ"),
    "State": ("状态", "状態"),
    "retired (timed out)": ("已退役（超时）", "リタイア（タイムアウト）"),
    "Profiling name": ("Profiling 名称", "プロファイリング名"),
    "Peer": ("对端", "ピア"),
    "rank %1 in the group": ("组内 rank %1", "グループ内ランク %1"),
    "Input": ("输入", "入力"),
    "Output": ("输出", "出力"),
    "Enqueued": ("入队", "キュー投入"),
    "Started": ("开始", "開始"),
    "Completed": ("完成", "完了"),
    "Timeout": ("超时", "タイムアウト"),
    "Ran for": ("运行时长", "実行時間"),
    "%1 ms before timing out": ("超时前运行了 %1 ms", "タイムアウトまで %1 ms"),
    "Thread": ("线程", "スレッド"),
    "Evidence": ("证据", "証拠"),
    "Source": ("来源", "ソース"),
    "No call site: the record has no frames.": ("无调用位置：该记录没有栈帧。", "呼び出し位置なし：記録にフレームがありません。"),
    "Call site": ("调用位置", "呼び出し位置"),
    "… and %n more frame": ("… 另有 %n 个栈帧", "… ほか %n フレーム"),
    "… and %n more frames": ("… 另有 %n 个栈帧", "… ほか %n フレーム"),
    "This pixel row holds %n ranks: %1; the worst state is shown.": (
        "此像素行包含 %n 个 rank：%1；显示最差的状态。",
        "このピクセル行には %n ランクあります：%1。最も悪い状態を表示しています。"),
    "Rank %1 reached %2.": ("Rank %1 到达了 %2。", "ランク %1 は %2 に到達しました。"),
    "Rank %1 left no record of this group.": ("Rank %1 没有留下此组的任何记录。", "ランク %1 はこのグループの記録を残していません。"),
    "Mismatched: other members run a different op, sizes or dtypes at %1.": (
        "不一致：其他成员在 %1 运行不同的操作、大小或数据类型。",
        "不一致：他のメンバーは %1 で異なる演算、サイズ、データ型を実行しています。"),
    "Mismatched: most members run %1 at %2.": ("不一致：多数成员在 %2 运行 %1。", "不一致：大半のメンバーは %2 で %1 を実行しています。"),
    "Rank %1 left no record of %2 (no dump, no log line).": (
        "Rank %1 没有留下 %2 的任何记录（无转储、无日志行）。",
        "ランク %1 は %2 の記録を残していません（ダンプなし、ログ行なし）。"),
    "Rank %1 never reached %2, which other members of the group are in.": (
        "Rank %1 从未到达 %2，而组内其他成员已处于其中。",
        "ランク %1 は、グループの他のメンバーがいる %2 に到達していません。"),
    "Rank %1 never reached %2 %3, which other members of the group are in.": (
        "Rank %1 从未到达 %2 %3，而组内其他成员已处于其中。",
        "ランク %1 は、グループの他のメンバーがいる %2 %3 に到達していません。"),
    "Its last entry is %1 %2, %3.": ("其最后一个条目是 %1 %2，%3。", "最後のエントリは %1 %2、%3 です。"),
    "Rank %1 completed %2 (said by its progress status; the entry is older than its dump keeps).": (
        "Rank %1 已完成 %2（来自其进度状态；该条目早于其转储保留的范围）。",
        "ランク %1 は %2 を完了しました（進捗状態による。エントリはダンプが保持する範囲より古い）。"),
    "Rank %1 has no entry at %2.": ("Rank %1 在 %2 没有条目。", "ランク %1 は %2 にエントリがありません。"),
    "the bundle has no collective records (Flight Recorder dumps, NCCL watchdog or desync lines, trace collectives) to draw": (
        "此作业包没有可绘制的集合通信记录（Flight Recorder 转储、NCCL watchdog 或 desync 日志行、跟踪中的集合通信）",
        "バンドルに描画できる集合通信の記録がありません（Flight Recorder ダンプ、NCCL ウォッチドッグや desync の行、トレースの集合通信）"),
    "unknown view \"%1\" (available: flamegraph, heatmap, diff, collectives)": (
        "未知视图 \"%1\"（可用：flamegraph、heatmap、diff、collectives）",
        "不明なビュー \"%1\"（使用可能：flamegraph、heatmap、diff、collectives）"),
    "%1…": ("%1…", "%1…"),
    "The collectives could not be read from the cache: %1": ("无法从缓存读取集合通信：%1", "キャッシュから集合通信を読み込めません：%1"),
    "Collectives view: %1": ("集合通信视图：%1", "集合通信ビュー：%1"),
    "Loading the collectives was cancelled. Reimport the bundle to see them.": (
        "已取消加载集合通信。重新导入作业包即可查看。",
        "集合通信の読み込みをキャンセルしました。表示するにはバンドルを再インポートしてください。"),
    "Importing…": ("正在导入…", "インポート中…"),
    "No collective records in this bundle.": ("此作业包没有集合通信记录。", "このバンドルには集合通信の記録がありません。"),
    "Reading the collectives…": ("正在读取集合通信…", "集合通信を読み込み中…"),
    "No collective records in this bundle: no Flight Recorder dumps (fr/), no NCCL watchdog or desync lines in the logs, no communication kernels with sequence numbers in the traces.": (
        "此作业包没有集合通信记录：没有 Flight Recorder 转储（fr/），日志中没有 NCCL watchdog 或 desync 行，跟踪中没有带序号的通信内核。",
        "このバンドルには集合通信の記録がありません：Flight Recorder ダンプ（fr/）なし、ログに NCCL ウォッチドッグや desync の行なし、トレースにシーケンス番号付きの通信カーネルなし。"),
    "Selected ranks %1 (the Ranks panel lists them); highlighting the path of rank %2": (
        "已选择 rank %1（Rank 面板列出它们）；高亮 rank %2 的路径",
        "ランク %1 を選択（ランクパネルに一覧表示）。ランク %2 のパスを強調表示"),
    "Render VIEW (flamegraph, heatmap, diff or collectives) to --out without a window.": (
        "不打开窗口，将 VIEW（flamegraph、heatmap、diff 或 collectives）渲染到 --out。",
        "ウィンドウを開かずに VIEW（flamegraph、heatmap、diff、collectives）を --out に描画します。"),
    "View to show first: stacks, heatmap, logs, logs-steps (the Logs tab's step-time and loss chart), diff, heatmap-diff (the heatmap minus the baseline's) or collectives.": (
        "首先显示的视图：stacks、heatmap、logs、logs-steps（日志页的步时与损失图）、diff、heatmap-diff（热力图减去基线）或 collectives。",
        "最初に表示するビュー：stacks、heatmap、logs、logs-steps（ログタブのステップ時間と損失のグラフ）、diff、heatmap-diff（ヒートマップからベースラインを引いたもの）、collectives。"),
    "Sequence": ("序号", "シーケンス"),
    "Collective findings": ("集合通信发现", "集合通信の所見"),
    "No collectives analysed yet.": ("尚未分析集合通信。", "集合通信はまだ解析されていません。"),
    "%1 (undecided)": ("%1（无法判定）", "%1（判定不能）"),
    "%1 %2": ("%1 %2", "%1 %2"),
    "A consequence of a finding above: %1": ("上方某项发现的后果：%1", "上の所見の結果：%1"),
    "No suspects in the collectives.": ("集合通信中没有嫌疑。", "集合通信に容疑者はいません。"),
    "Ranks by collective sequence": ("按集合通信序号排列的 rank", "集合通信シーケンス別のランク"),
    "Process group:": ("进程组：", "プロセスグループ："),
    "Process group": ("进程组", "プロセスグループ"),
    "Entry details": ("条目详情", "エントリの詳細"),
    "Open a bundle with Flight Recorder dumps, NCCL watchdog lines or profiler traces to line up its collectives.": (
        "打开包含 Flight Recorder 转储、NCCL watchdog 日志行或性能跟踪的作业包，以对齐其集合通信。",
        "Flight Recorder ダンプ、NCCL ウォッチドッグの行、プロファイラートレースを含むバンドルを開くと、集合通信を揃えて表示します。"),
    "Waiting for them: %n rank, %1.": ("等待它们的：%n 个 rank，%1。", "待っているランク：%n、%1。"),
    "Waiting for them: %n ranks, %1.": ("等待它们的：%n 个 rank，%1。", "待っているランク：%n、%1。"),
    "Where the others wait": ("其他 rank 等待的位置", "他のランクが待っている位置"),
    "Shown by: %1": ("依据：%1", "根拠：%1"),
    "%n dump": ("%n 个转储", "ダンプ %n 件"),
    "%n dumps": ("%n 个转储", "ダンプ %n 件"),
    "%1 to %2": ("%1 至 %2", "%1 から %2"),
    "Collectives: %1": ("集合通信：%1", "集合通信：%1"),
    "%n Flight Recorder dump of %1 ranks": ("%1 个 rank 中的 %n 个 Flight Recorder 转储", "%1 ランク中 %n 件の Flight Recorder ダンプ"),
    "%n Flight Recorder dumps of %1 ranks": ("%1 个 rank 中的 %n 个 Flight Recorder 转储", "%1 ランク中 %n 件の Flight Recorder ダンプ"),
    "there are no collectives to export": ("没有可导出的集合通信", "エクスポートする集合通信がありません"),
    # Collectives: zoom, notes, the multi-rank shared selection (issue 11).
    "Zoomed in: the wheel zooms the sequences, Ctrl+wheel the ranks, Home shows everything.": (
        "已放大：滚轮缩放序列，Ctrl+滚轮缩放 rank，Home 显示全部。",
        "拡大表示中: ホイールでシーケンス、Ctrl+ホイールでランクをズーム、Home で全体を表示。",
    ),
    "Gloo monitored barrier": ("Gloo monitored barrier", "Gloo monitored barrier"),
    "ranks %1 highlighted": ("已高亮 rank %1", "ランク %1 を強調表示中"),
    "Highlighting the paths of ranks %1 (the Ranks panel lists them)": (
        "正在高亮 rank %1 的路径（Rank 列表面板列出了它们）",
        "ランク %1 の経路を強調表示中（ランクパネルに一覧があります）",
    ),
    "ranks %1 traced": ("已追踪 rank %1 的路径", "ランク %1 の経路を追跡"),
    "%1 (%n times)": ("%1（%n 次）", "%1（%n 回）"),
    "1 more note (hover to read it).": ("另有 1 条说明（悬停查看）。", "ほかに注記が 1 件あります（ホバーで表示）。"),
    "%n more notes (hover to read them).": (
        "另有 %n 条说明（悬停查看）。",
        "ほかに注記が %n 件あります（ホバーで表示）。",
    ),
    # Keyboard navigation and the shortcuts sheet (app/gui/MainWindowShortcuts.cpp, ShortcutsDialog).
    "&Stacks": ("调用栈(&S)", "スタック(&S)"),
    "&Heatmap": ("热力图(&H)", "ヒートマップ(&H)"),
    "&Logs": ("日志(&L)", "ログ(&L)"),
    "&Diff": ("对比(&D)", "差分(&D)"),
    "&Collectives": ("集合通信(&C)", "集団通信(&C)"),
    "Go to %1": ("转到 %1", "%1 へ移動"),
    "&Clear Selection and Highlight": ("清除选择和高亮(&C)", "選択とハイライトを解除(&C)"),
    "&Keyboard Shortcuts": ("键盘快捷键(&K)", "キーボードショートカット(&K)"),
    "&Find in Logs": ("在日志中查找(&F)", "ログを検索(&F)"),
    "Selection cleared": ("已清除选择", "選択を解除しました"),
    "Everywhere": ("任意位置", "どこでも"),
    "Heatmap, Rank Detail timeline, Collectives strip": ("热力图、Rank 详情时间线、集合通信条带", "ヒートマップ、ランク詳細のタイムライン、集団通信ストリップ"),
    "W / S, + / -": ("W / S、+ / -", "W / S、+ / -"),
    "Zoom in / out in time (or sequence)": ("按时间(或序号)放大 / 缩小", "時間 (またはシーケンス) を拡大 / 縮小"),
    "A / D, Left / Right": ("A / D、左 / 右", "A / D、左 / 右"),
    "Pan earlier / later": ("向前 / 向后平移", "前 / 後へ移動"),
    "Up / Down": ("上 / 下", "上 / 下"),
    "Scroll the ranks": ("滚动 Rank", "ランクをスクロール"),
    "Shift+W / Shift+S": ("Shift+W / Shift+S", "Shift+W / Shift+S"),
    "Zoom the rank axis": ("缩放 Rank 轴", "ランク軸を拡大縮小"),
    "Heatmap, Collectives strip": ("热力图、集合通信条带", "ヒートマップ、集団通信ストリップ"),
    "Home": ("Home", "Home"),
    "Show everything": ("显示全部", "すべて表示"),
    "Wheel": ("滚轮", "ホイール"),
    "Zoom at the mouse": ("在鼠标处缩放", "マウス位置で拡大縮小"),
    "Shift+Wheel": ("Shift+滚轮", "Shift+ホイール"),
    "Ctrl+Wheel, wheel over the rank labels": ("Ctrl+滚轮,或在 Rank 标签上滚动", "Ctrl+ホイール、またはランクラベル上でホイール"),
    "Click": ("单击", "クリック"),
    "Select a frame": ("选择栈帧", "フレームを選択"),
    "Double-click, Enter": ("双击、Enter", "ダブルクリック、Enter"),
    "Zoom to the selected frame": ("放大到所选栈帧", "選択したフレームにズーム"),
    "Backspace": ("Backspace", "Backspace"),
    "Zoom out one level": ("缩小一级", "1 段階ズームアウト"),
    "Right-click": ("右键单击", "右クリック"),
    "Highlight a rank's path, copy": ("高亮某个 Rank 的路径、复制", "ランクのパスをハイライト、コピー"),
    "Keyboard Shortcuts": ("键盘快捷键", "キーボードショートカット"),
    "Keys": ("按键", "キー"),
    "Action": ("操作", "操作"),
    "Where": ("适用位置", "対象"),
    "Verdict: %1": ("结论：%1", "判定：%1"),
    # --- heatmap colours, line chart, blocked difference, expandable log events (issue 12) ---
    "median": ("中位数", "中央値"),
    "cells from %1 to %2 against the median": ("单元格相对中位数 %1 至 %2", "セルは中央値に対して %1〜%2"),
    "%1 against the peer median": ("%1（相对同组中位数）", "%1（ピア中央値との比較）"),
    "%1 collectives": ("%1 次集合通信", "%1 回の集団通信"),
    "%1 events": ("%1 个事件", "%1 件のイベント"),
    "white: at the peer median · blue: below it (faster) · red: above it (slower), by ratio": ("白：等于同组中位数 · 蓝：低于（更快）· 红：高于（更慢），按比值", "白：ピア中央値 · 青：下回る（速い）· 赤：上回る（遅い）、比率で"),
    "white: at the peer median · blue: below it · red: above it, by difference (most peers are at 0)": ("白：等于同组中位数 · 蓝：低于 · 红：高于，按差值（多数同组为 0）", "白：ピア中央値 · 青：下回る · 赤：上回る、差で（ほとんどのピアは 0）"),
    "the baseline has no iterations": ("基线没有迭代", "ベースラインにイテレーションがありません"),
    "the baseline has no time bins": ("基线没有时间分箱", "ベースラインに時間ビンがありません"),
    "the baseline has no ranks in common with this run: ranks %1 (baseline) vs %2 (this run)": ("基线与本次运行没有共同的 Rank：%1（基线）对 %2（本次运行）", "ベースラインとこの実行に共通のランクがありません：%1（ベースライン）対 %2（この実行）"),
    "the baseline has no iterations in common with this run: %1–%2 (baseline) vs %3–%4 (this run)": ("基线与本次运行没有共同的迭代：%1–%2（基线）对 %3–%4（本次运行）", "ベースラインとこの実行に共通のイテレーションがありません：%1–%2（ベースライン）対 %3–%4（この実行）"),
    "auto": ("自动", "自動"),
    "value": ("数值", "値"),
    "vs peer median": ("相对同组中位数", "ピア中央値比"),
    "Against the peer median for the metrics measured against other ranks (collective wait, wait caused, last arrivals); the value for the others.": ("对相对其他 Rank 度量的指标（集合通信等待、造成的等待、最后到达）按同组中位数着色；其他指标按数值。", "他のランクとの比較で測る指標（集団通信の待ち、引き起こした待ち、最後の到着）はピア中央値と比較し、それ以外は値で表示します。"),
    "The metric's value, pale yellow (low) to dark red (high).": ("指标数值：浅黄（低）到深红（高）。", "指標の値：淡い黄色（低）から濃い赤（高）。"),
    "Each cell against the median of its peers in the same window: white at the median, blue below, red above, equally strong for ×2 and ×0.5.": ("每个单元格与同一窗口内同组的中位数比较：等于中位数为白，低于为蓝，高于为红，×2 与 ×0.5 同样醒目。", "各セルを同じウィンドウのピアの中央値と比較：中央値は白、下回ると青、上回ると赤。×2 と ×0.5 は同じ強さ。"),
    "Metric by window line chart": ("按窗口的指标折线图", "ウィンドウごとの指標の折れ線グラフ"),
    "rank": ("Rank", "ランク"),
    "collectives": ("次集合通信", "回の集団通信"),
    "events": ("个事件", "件のイベント"),
    "%1: target − baseline (%2)": ("%1：目标 − 基线（%2）", "%1：対象 − ベースライン（%2）"),
    "%1 (%2)": ("%1（%2）", "%1（%2）"),
    "no change": ("无变化", "変化なし"),
    "peer median": ("同组中位数", "ピア中央値"),
    "median, %1": ("中位数，%1", "中央値、%1"),
    "What the colour shows: the value itself, or each cell against the median of its peers in the same window (white at the median, blue below, red above). Automatic: against the peer median for the metrics measured against other ranks.": ("颜色表示：数值本身，或每个单元格与同一窗口内同组中位数的比较（中位数为白，低于为蓝，高于为红）。自动：对相对其他 Rank 度量的指标按同组中位数。", "色の意味：値そのもの、または各セルと同じウィンドウのピアの中央値との比較（中央値は白、下回ると青、上回ると赤）。自動：他のランクとの比較で測る指標はピア中央値と比較。"),
    "grid": ("网格", "グリッド"),
    "lines": ("折线", "折れ線"),
    "Grid: a coloured cell per rank and window. Lines: one line per rank over the windows (or per window over the ranks), with the peer median dashed. Automatic: lines for up to %1 ranks or up to %2 windows, where cells would be giant blocks.": ("网格：每个 Rank 和窗口一个着色单元格。折线：每个 Rank 一条跨窗口的线（或每个窗口一条跨 Rank 的线），同组中位数为虚线。自动：不超过 %1 个 Rank 或不超过 %2 个窗口时用折线，否则单元格会变成巨大的色块。", "グリッド：ランクとウィンドウごとに色付きのセル。折れ線：ランクごとにウィンドウをまたぐ線（またはウィンドウごとにランクをまたぐ線）、ピア中央値は破線。自動：ランクが %1 以下またはウィンドウが %2 以下なら折れ線（セルが巨大なブロックになるため）。"),
    "Pixel:": ("像素：", "ピクセル："),
    "Colour:": ("颜色：", "色："),
    "Rows:": ("行：", "行："),
    "Draw:": ("绘制：", "描画："),
    "Not available: %1.": ("不可用：%1。", "利用できません：%1。"),
    "No difference: %1": ("无差值：%1", "差分なし：%1"),
    "no difference: %1": ("无差值：%1", "差分なし：%1"),
    "Copy Event Text": ("复制事件文本", "イベントのテキストをコピー"),
    "Collapse Event": ("折叠事件", "イベントを折りたたむ"),
    "Expand Event": ("展开事件", "イベントを展開"),
    # --- Functions table and changed paths by suspicion ---
    "Functions": ("函数", "関数"),
    "%1\nin %n place(s) of the merged tree": ("%1\n在合并树中出现 %n 处", "%1\nマージしたツリーの %n か所に出現"),
    "Ranks with a sample through this frame: %1": ("有采样经过此栈帧的 Rank：%1", "このフレームを通るサンプルがあるランク：%1"),
    "No rank's stack ends in this frame.": ("没有 Rank 的调用栈止于此栈帧。", "このフレームで終わるスタックを持つランクはありません。"),
    "Ranks whose stack ends in this frame (it is the top): %1": ("调用栈止于此栈帧（栈顶）的 Rank：%1", "スタックがこのフレームで終わる（先頭である）ランク：%1"),
    "Samples through this frame; a recursive frame counts each stack once.": ("经过此栈帧的采样数；递归栈帧每个调用栈只计一次。", "このフレームを通るサンプル数。再帰するフレームはスタックごとに 1 回だけ数えます。"),
    "Samples whose stack ends in this frame.": ("调用栈止于此栈帧的采样数。", "スタックがこのフレームで終わるサンプル数。"),
    "On no suspect's path.": ("不在任何嫌疑对象的路径上。", "どの疑わしい対象のパスにもありません。"),
    "At or below the frame of suspect #%1 (Suspects panel).": ("位于嫌疑对象 #%1 的栈帧处或其下方（见“嫌疑对象”面板）。", "疑わしい対象 #%1 のフレームまたはその下にあります（「疑わしい対象」パネル）。"),
    "Self ranks": ("自身 Rank", "自己ランク"),
    "%1 (%2%)": ("%1（%2%）", "%1（%2%）"),
    "Samples": ("采样数", "サンプル数"),
    "Self samples": ("自身采样数", "自己サンプル数"),
    "Suspect": ("嫌疑", "疑わしい対象"),
    "Ranks with a sample through the frame anywhere in the tree, and their share of the ranks with data.": (
        "在树中任意位置有采样经过该栈帧的 Rank，及其占有数据 Rank 的比例。",
        "ツリーのどこかでこのフレームを通るサンプルがあるランクと、データのあるランクに対するその割合。"),
    "Ranks whose stack ends in the frame: what they were doing when sampled.": ("调用栈止于该栈帧的 Rank：采样时它们正在做的事。", "スタックがこのフレームで終わるランク：サンプリング時に実行していた処理。"),
    "The best suspect whose frame is this one or one of its callers.": ("栈帧为此栈帧或其调用者之一的最靠前嫌疑对象。", "フレームがこのフレームまたはその呼び出し元である、最上位の疑わしい対象。"),
    "Filter functions…": ("筛选函数…", "関数を絞り込み…"),
    "Shows the functions whose name contains the text (case-insensitive). Enter opens the first one in the flame graph.": (
        "显示名称包含该文本的函数（不区分大小写）。按 Enter 在火焰图中打开第一个。",
        "名前にこのテキストを含む関数を表示します（大文字小文字を区別しません）。Enter で最初の関数をフレームグラフで開きます。"),
    "Filter functions": ("筛选函数", "関数を絞り込み"),
    "Callers": ("调用者", "呼び出し元"),
    "Callees": ("被调用者", "呼び出し先"),
    "The frames that call the selected function, over every place it occurs, with the ranks through each call.": (
        "调用所选函数的栈帧，汇总其出现的所有位置，并列出经过每个调用的 Rank。",
        "選択した関数を呼び出すフレーム。関数が現れるすべての場所を集計し、各呼び出しを通るランクを示します。"),
    "The frames the selected function calls, over every place it occurs, with the ranks through each call.": (
        "所选函数调用的栈帧，汇总其出现的所有位置，并列出经过每个调用的 Rank。",
        "選択した関数が呼び出すフレーム。関数が現れるすべての場所を集計し、各呼び出しを通るランクを示します。"),
    "Callers of %1": ("%1 的调用者", "%1 の呼び出し元"),
    "Callees of %1": ("%1 的被调用者", "%1 の呼び出し先"),
    "Ranks through this call: %1": ("经过此调用的 Rank：%1", "この呼び出しを通るランク：%1"),
    "%n function(s)": ("%n 个函数", "%n 個の関数"),
    "%1 of %2": ("%1 / %2", "%1 / %2"),
    "By suspicion: paths new in the target on a minority of its ranks first, then paths few ranks are on, and among them those whose stacks do their own work (data loader, I/O, compute) before those waiting in a collective, which is what the ranks waiting for a culprit do; paths the target lost come last.\nBy size: the largest change in share of ranks first.": (
        "按嫌疑：先列出目标运行中仅少数 Rank 走的新路径，再列出 Rank 较少的路径，其中调用栈在做自身工作（数据加载、I/O、计算）的排在等待集合通信的之前——等待罪魁的 Rank 正是在等待；目标运行失去的路径排在最后。\n按大小：Rank 占比变化最大的在前。",
        "疑わしさ順：ターゲットで少数のランクだけが通る新しいパスを先に、次に通るランクが少ないパスを並べ、その中でも自分の処理（データローダー、I/O、計算）をしているスタックを、集合通信で待っているスタック（原因を待つランクの姿）より前にします。ターゲットで失われたパスは最後です。\n大きさ順：ランクの割合の変化が大きい順。"),
    "vanished": ("已消失", "消滅"),
    "new on a minority": ("少数 Rank 上新出现", "少数のランクで新規"),
    "new on most ranks": ("多数 Rank 上新出现", "多くのランクで新規"),
    "own work (%1)": ("自身工作（%1）", "自分の処理（%1）"),
    "waiting (%1)": ("等待（%1）", "待機中（%1）"),
    "Suspicion": ("嫌疑", "疑わしさ"),
    "Changed paths": ("变化的路径", "変化したパス"),
    "Most suspicious first": ("最可疑的在前", "疑わしい順"),
    "Largest change first": ("变化最大的在前", "変化の大きい順"),
    "Order of the changed paths": ("变化路径的排序", "変化したパスの並び順"),
    "View to show first: stacks, functions (the Stacks view with its Functions table on the top suspect's frame), heatmap, logs, logs-steps (the Logs tab's step-time and loss chart), diff, heatmap-diff (the heatmap minus the baseline's) or collectives.": (
        "首先显示的视图：stacks、functions（调用栈视图，函数表定位到首要嫌疑对象的栈帧）、heatmap、logs、logs-steps（日志页的步长时间与损失图）、diff、heatmap-diff（热力图减去基线）或 collectives。",
        "最初に表示するビュー：stacks、functions（関数表を最上位の疑わしい対象のフレームに合わせたスタックビュー）、heatmap、logs、logs-steps（ログタブのステップ時間と損失のグラフ）、diff、heatmap-diff（ヒートマップからベースラインを引いたもの）、collectives。"),
    # --- core messages: verdicts, suspect reasons and summaries (core/model/Message.h) ---
    "%1, %2": ("%1，%2", "%1、%2"),
    "%1st": ("%1", "%1"),
    "%1nd": ("%1", "%1"),
    "%1rd": ("%1", "%1"),
    "%1th": ("%1", "%1"),
    "%1.": ("%1。", "%1。"),
    "checkpoint I/O": ("检查点 I/O", "チェックポイント I/O"),
    "a collective": ("集合通信", "集団通信"),
    "compute": ("计算", "計算"),
    "a CUDA synchronize": ("CUDA 同步", "CUDA 同期"),
    "data loading": ("数据加载", "データ読み込み"),
    "an empty stack": ("空调用栈", "空のスタック"),
    "garbage collection": ("垃圾回收", "ガベージコレクション"),
    "an idle wait": ("空闲等待", "アイドル待機"),
    "a point-to-point wait": ("点对点等待", "ポイントツーポイント待機"),
    "Python code": ("Python 代码", "Python コード"),
    "%1: not in a collective while %2 ranks wait in %3": (
        "%1：不在集合通信中，而 %2 个 rank 在 %3 中等待",
        "%1：集団通信の外にいる一方、%2 個のランクが %3 で待機中"),
    "%1 (%2: %3)": ("%1（%2：%3）", "%1（%2：%3）"),
    "%1: the dump was cut inside the stack (%2): shown as cut, not compared (unknown, not counted "
    "as missing)": (
        "%1：转储在调用栈中途被截断（%2）：按截断显示，不参与比较（未知，不计为缺失）",
        "%1：ダンプがスタックの途中で切れています（%2）：切れたまま表示し、比較しません（不明、欠落には数えません）"),
    "%1: the dump was cut inside the stack (%2 and others): shown as cut, not compared (unknown, "
    "not counted as missing)": (
        "%1：转储在调用栈中途被截断（%2 等）：按截断显示，不参与比较（未知，不计为缺失）",
        "%1：ダンプがスタックの途中で切れています（%2 ほか）：切れたまま表示し、比較しません（不明、欠落には数えません）"),
    "%1: only %2 of %3 ranks take this path": (
        "%1：%3 个 rank 中只有 %2 个走这条路径",
        "%1：%3 個のランクのうち %2 個だけがこのパスを通ります"),
    "%1: missing from a path the other %2 ranks take": (
        "%1：不在其余 %2 个 rank 都走的路径上",
        "%1：他の %2 個のランクが通るパスにいません"),
    "%1: no stack samples although the job has them: dead, unreachable, or the dump failed "
    "(unknown, not counted as missing)": (
        "%1：作业有调用栈采样，它却没有：已退出、无法访问或转储失败（未知，不计为缺失）",
        "%1：ジョブにはスタックサンプルがあるのに、このランクにはありません：終了、到達不能、またはダンプ失敗（不明、欠落には数えません）"),
    "%1: in %2 from a different call path than the other %3 waiting ranks": (
        "%1：在 %2 中，但调用路径与其余 %3 个等待的 rank 不同",
        "%1：%2 の中にいますが、待機中の他の %3 個のランクとは呼び出しパスが異なります"),
    "%1: waiting in %2 while %3 ranks wait in %4: the collectives are out of step": (
        "%1：在 %2 中等待，而 %3 个 rank 在 %4 中等待：集合通信步调不一致",
        "%1：%2 で待機中、一方 %3 個のランクは %4 で待機中：集団通信の歩調が揃っていません"),
    "stacks unchanged across %1 samples": ("%1 次采样中调用栈均未变化", "%1 回のサンプルでスタックが変化なし"),
    "stacks unchanged across %1 samples over %2 s": (
        "%2 秒内 %1 次采样中调用栈均未变化", "%2 秒間 %1 回のサンプルでスタックが変化なし"),
    "their stacks change between samples: they are working while others wait": (
        "其调用栈在采样之间变化：它们在工作，而其他 rank 在等待",
        "スタックがサンプルごとに変化：他のランクが待つ間も処理を続けています"),
    "stack unchanged across %1 samples": ("%1 次采样中调用栈未变化", "%1 回のサンプルでスタックが変化なし"),
    "stack unchanged across %1 samples over %2 s": (
        "%2 秒内 %1 次采样中调用栈未变化", "%2 秒間 %1 回のサンプルでスタックが変化なし"),
    "its stack changes between samples: it is working while others wait": (
        "其调用栈在采样之间变化：它在工作，而其他 rank 在等待",
        "スタックがサンプルごとに変化：他のランクが待つ間も処理を続けています"),
    "All %1 ranks wait in %2: the stacks cannot tell which rank blocks. Look at the logs, "
    "collective sequence numbers or timing.": (
        "全部 %1 个 rank 都在 %2 中等待：调用栈无法判断是哪个 rank 阻塞。请查看日志、集合通信序号或耗时。",
        "%1 個すべてのランクが %2 で待機中：どのランクがブロックしているかはスタックからは分かりません。ログ、集団通信のシーケンス番号、またはタイミングを確認してください。"),
    "%1 of %2 ranks wait in %3; %4": ("%2 个 rank 中有 %1 个在 %3 中等待；%4",
                                      "%2 個のランクのうち %1 個が %3 で待機中；%4"),
    "Cannot tell: %1 of %2 ranks sent no stacks (%3). The stacks of the other %4 ranks cannot "
    "name a blocker; collect dumps from every rank.": (
        "无法判断：%2 个 rank 中有 %1 个没有发来调用栈（%3）。其余 %4 个 rank 的调用栈无法指出阻塞者；请收集每个 rank 的转储。",
        "判断できません：%2 個のランクのうち %1 個がスタックを送っていません（%3）。残り %4 個のランクのスタックではブロッカーを特定できません。すべてのランクからダンプを集めてください。"),
    "Cannot tell: %1 of %2 ranks sent no stacks (%3). The stacks of the other %4 rank cannot "
    "name a blocker; collect dumps from every rank.": (
        "无法判断：%2 个 rank 中有 %1 个没有发来调用栈（%3）。其余 %4 个 rank 的调用栈无法指出阻塞者；请收集每个 rank 的转储。",
        "判断できません：%2 個のランクのうち %1 個がスタックを送っていません（%3）。残り %4 個のランクのスタックではブロッカーを特定できません。すべてのランクからダンプを集めてください。"),
    "No hang: every rank is progressing (each rank's stack changed between its samples).": (
        "没有卡住：每个 rank 都在推进（每个 rank 的调用栈在采样之间都有变化）。",
        "ハングなし：すべてのランクが進行中です（各ランクのスタックがサンプル間で変化しています）。"),
    "No strict majority: %1 different stacks, the largest shared by %2 of %3 ranks. The stacks "
    "cannot tell waiters from blockers.": (
        "没有严格多数：共 %1 种不同调用栈，最大的一种由 %3 个 rank 中的 %2 个共享。调用栈无法区分等待者与阻塞者。",
        "厳密な過半数がありません：%1 種類の異なるスタックがあり、最大のものは %3 個中 %2 個のランクが共有しています。スタックからは待機側とブロッカーを区別できません。"),
    "No stack samples match the current choice of role and threads.": (
        "没有调用栈采样符合当前选择的角色和线程。",
        "現在のロールとスレッドの選択に一致するスタックサンプルがありません。"),
    "The bundle has no stack dumps (stacks/ folder): nothing to merge here.": (
        "作业包中没有调用栈转储（stacks/ 文件夹）：这里没有可合并的内容。",
        "バンドルにスタックダンプ（stacks/ フォルダー）がありません：ここでマージするものはありません。"),
    "%1 of %2 ranks share one stack that is not a collective wait: the waiter/blocker rule does "
    "not apply; minority paths are listed.": (
        "%2 个 rank 中有 %1 个共享同一个调用栈，但不是集合通信等待：等待者/阻塞者规则不适用；下面列出少数路径。",
        "%2 個のランクのうち %1 個が集団通信待ちではない同じスタックを共有しています：待機側/ブロッカーの規則は当てはまりません。少数派のパスを一覧にしています。"),
    "%1 is elsewhere and may be what they wait for.": (
        "%1 在别处，可能正是它们在等待的对象。",
        "%1 は別の場所にいて、待機の原因かもしれません。"),
    "Only %1 rank has stacks: no majority exists, so the stacks cannot name a culprit.": (
        "只有 %1 个 rank 有调用栈：不存在多数，调用栈无法指出元凶。",
        "スタックがあるのは %1 個のランクだけです：過半数がないため、スタックから原因を特定できません。"),
    "1 rank is elsewhere and may be what they wait for.": (
        "1 个 rank 在别处，可能正是它们在等待的对象。",
        "1 個のランクが別の場所にいて、待機の原因かもしれません。"),
    "only %1 of %2": ("%2 个中只有 %1 个", "%2 個中 %1 個のみ"),
    "%1 ranks are elsewhere and may be what they wait for.": (
        "%1 个 rank 在别处，可能正是它们在等待的对象。",
        "%1 個のランクが別の場所にいて、待機の原因かもしれません。"),
    "%1 sent no stacks and may be what they wait for.": (
        "%1 没有发来调用栈，可能正是它们在等待的对象。",
        "%1 はスタックを送っておらず、待機の原因かもしれません。"),
    "%1 (%2 of them in a CUDA synchronize)": ("%1（其中 %2 个在 CUDA 同步中）", "%1（うち %2 個は CUDA 同期中）"),
    "Only %1 ranks have stacks: no majority exists, so the stacks cannot name a culprit.": (
        "只有 %1 个 rank 有调用栈：不存在多数，调用栈无法指出元凶。",
        "スタックがあるのは %1 個のランクだけです：過半数がないため、スタックから原因を特定できません。"),
    "Progressing, no hang: %1 of %2 ranks wait in %3 in the latest sample, but the waiters change "
    "from sample to sample (%4 stayed in the same collective from the same call path).": (
        "在推进，没有卡住：最新采样中 %2 个 rank 有 %1 个在 %3 中等待，但等待者在各次采样间不断变化（%4 停留在同一调用路径的同一集合通信中）。",
        "進行中、ハングなし：最新のサンプルでは %2 個中 %1 個のランクが %3 で待機していますが、待機するランクはサンプルごとに変わります（同じ呼び出しパスの同じ集団通信に留まったのは %4）。"),
    "also %1 %2": ("另有%1 %2", "%1 も %2"),
    "Yet %1 arrived last at %2 of its %3 collectives and the others waited %4 for it (%5% of a "
    "step on average): what delays it is outside the work the traces measure (data loading, host "
    "work before its collectives); look at it first.": (
        "但 %1 在其 %3 次集合通信中有 %2 次最后到达，其他 rank 为它共等待了 %4（平均占一步的 %5%）：拖慢它的原因在追踪所测量的工作之外（数据加载、集合通信前的主机端工作）；请先查看它。",
        "ただし %1 は %3 回の集団通信のうち %2 回で最後に到着し、他のランクは %4 待たされました（平均でステップの %5%）：遅れの原因はトレースが測る処理の外（データ読み込み、集団通信前のホスト処理）にあります。まずこのランクを確認してください。"),
    "Yet %1 arrived last at %2 of its %3 collectives and the others waited %4 for it (%5% of a "
    "step): what delays it is outside the work the traces measure (data loading, host work "
    "before its collectives); look at it first.": (
        "但 %1 在其 %3 次集合通信中有 %2 次最后到达，其他 rank 为它共等待了 %4（占一步的 %5%）：拖慢它的原因在追踪所测量的工作之外（数据加载、集合通信前的主机端工作）；请先查看它。",
        "ただし %1 は %3 回の集団通信のうち %2 回で最後に到着し、他のランクは %4 待たされました（ステップの %5%）：遅れの原因はトレースが測る処理の外（データ読み込み、集団通信前のホスト処理）にあります。まずこのランクを確認してください。"),
    "its ranks' %1 is %2 above their peers' %3": ("%3其各 rank 的%1比同组高 %2",
                                                 "%3、そのランクの%1がピアより %2 高い"),
    "its ranks' %1 is %2 below their peers' %3": ("%3其各 rank 的%1比同组低 %2",
                                                 "%3、そのランクの%1がピアより %2 低い"),
    "its %1 is %2 above its peers' %3": ("%3其%1比同组高 %2", "%3、%1がピアより %2 高い"),
    "its %1 is %2 below its peers' %3": ("%3其%1比同组低 %2", "%3、%1がピアより %2 低い"),
    "confirmed in %1 of %2 iterations": ("在 %2 个迭代中的 %1 个得到确认", "%2 イテレーション中 %1 で確認"),
    "tentative (%1)": ("暂定（%1）", "暫定（%1）"),
    "confirmed in %1 of %2 time bins": ("在 %2 个时间分箱中的 %1 个得到确认", "%2 タイムビン中 %1 で確認"),
    "~%1 per step, %2 over %3 steps": ("每步约 %1，%3 步共 %2", "ステップあたり約 %1、%3 ステップで計 %2"),
    "~%1 per time bin, %2 over %3 time bins": ("每个时间分箱约 %1，%3 个时间分箱共 %2",
                                              "タイムビンあたり約 %1、%3 タイムビンで計 %2"),
    "%1: their %2 iteration lines carry no rank (a job-wide series, printed by one rank for "
    "all)": ("%1：其 %2 条迭代日志行不带 rank（作业级序列，由一个 rank 代表全体打印）",
             "%1：%2 行のイテレーション行にランクがありません（1 つのランクが全体分を出力するジョブ全体の系列）"),
    "the logs give step times for %1 of 1 rank": ("日志给出了 1 个 rank 中 %1 个的单步耗时",
                                                  "ログにステップ時間があるのは 1 個中 %1 個のランク"),
    "the logs give step times for %1 of %2 ranks": ("日志给出了 %2 个 rank 中 %1 个的单步耗时",
                                                   "ログにステップ時間があるのは %2 個中 %1 個のランク"),
    "%1: they have timestamps but no iteration lines with step times": (
        "%1：日志有时间戳，但没有带单步耗时的迭代行",
        "%1：タイムスタンプはありますが、ステップ時間を含むイテレーション行がありません"),
    "%1 (the others print no iteration lines)": ("%1（其余 rank 不打印迭代行）",
                                                 "%1（他のランクはイテレーション行を出力しません）"),
    "wait caused": ("造成的等待", "引き起こした待ち"),
    "collective wait": ("集合通信等待", "集団通信の待ち"),
    "communication": ("通信", "通信"),
    "communication transfer": ("通信传输", "通信転送"),
    "exposed communication": ("暴露的通信", "露出した通信"),
    "last arrivals": ("最后到达", "最後の到着"),
    "launch gaps": ("启动间隙", "起動の隙間"),
    "log problems": ("日志问题", "ログの問題"),
    "unknown metric": ("未知指标", "不明な指標"),
    "wait it causes at collectives": ("它在集合通信中造成的等待", "集団通信で引き起こす待ち"),
    "communication time": ("通信时间", "通信時間"),
    "communication transfer time": ("通信传输时间", "通信転送時間"),
    "compute time": ("计算时间", "計算時間"),
    "GPU idle time": ("GPU 空闲时间", "GPU アイドル時間"),
    "count of last arrivals at collectives": ("在集合通信中最后到达的次数", "集団通信で最後に到着した回数"),
    "kernel launch gap time": ("内核启动间隙时间", "カーネル起動の隙間時間"),
    "error and warning log events": ("错误和警告日志事件", "エラーと警告のログイベント"),
    "%1 (ranks %2)": ("%1（rank %2）", "%1（ランク %2）"),
    "ranks %1 (%2)": ("rank %1（%2）", "ランク %1（%2）"),
    "Cannot tell stragglers from these logs: %1; comparing ranks needs the step times of every "
    "rank (one profiler trace per rank in traces/, or iteration lines from every rank).": (
        "无法从这些日志判断掉队者：%1；比较 rank 需要每个 rank 的单步耗时（traces/ 中每个 rank 一份性能分析追踪，或每个 rank 的迭代行）。",
        "これらのログからはストラグラーを判断できません：%1。ランクを比較するにはすべてのランクのステップ時間が必要です（traces/ にランクごとのプロファイラートレース、またはすべてのランクのイテレーション行）。"),
    "The clocks of the traces could not be aligned well enough to compare arrivals: collective "
    "waits and arrival order were left out.": (
        "追踪的时钟无法对齐到足以比较到达顺序的程度：已略去集合通信等待和到达顺序。",
        "トレースの時計を到着順を比較できるほど揃えられませんでした：集団通信の待ちと到着順は除外しました。"),
    "Inconclusive: from %1 the %2 group splits on %3 without a strict healthy majority, so no "
    "rank can be named.": (
        "无定论：从%1起，%2 组在%3上出现分歧，且没有严格的健康多数，因此无法指出某个 rank。",
        "結論なし：%1 から %2 グループが%3で割れており、健全な厳密過半数がないため、ランクを特定できません。"),
    "Inconclusive: the peers disagree without a strict healthy majority, so no rank can be "
    "named.": ("无定论：同组 rank 之间存在分歧，且没有严格的健康多数，因此无法指出某个 rank。",
               "結論なし：ピア間で食い違いがあり、健全な厳密過半数がないため、ランクを特定できません。"),
    "No profiler trace windows to analyze.": ("没有可分析的性能分析追踪窗口。", "分析するプロファイラートレースのウィンドウがありません。"),
    "%1 is slow: %2": ("%1 偏慢：%2", "%1 は遅い：%2"),
    "%1; they cost the job %2": ("%1；它们使作业损失%2", "%1；これによりジョブは %2 を失います"),
    "%1 may be slow (tentative, %2): %3": ("%1 可能偏慢（暂定，%2）：%3", "%1 は遅い可能性があります（暫定、%2）：%3"),
    "%1 wait for other ranks: their %2 is %3 above the peers' %4, but no rank was found slow at "
    "its own work": (
        "%1 在等待其他 rank：%4其%2比同组高 %3，但没有发现哪个 rank 自身工作偏慢",
        "%1 は他のランクを待っています：%4、%2がピアより %3 高いものの、自身の処理が遅いランクは見つかりませんでした"),
    "No straggler.": ("没有掉队者。", "ストラグラーなし。"),
    "No straggler found in the %1 iterations the traces hold: no rank stands out as slower at its "
    "own work while its peers wait for it (%2 or more iterations would also test persistence).": (
        "追踪包含的 %1 个迭代中没有发现掉队者：没有哪个 rank 在自身工作上明显更慢、让同组 rank 等它（%2 个或更多迭代还能检验其持续性）。",
        "トレースに含まれる %1 イテレーションではストラグラーは見つかりませんでした：自身の処理が遅くてピアを待たせているランクはありません（%2 イテレーション以上あれば持続性も検証できます）。"),
    "No straggler found in the one iteration the traces hold: no rank stands out as slower at "
    "its own work while its peers wait for it (%1 or more iterations would also test "
    "persistence).": (
        "追踪包含的唯一一个迭代中没有发现掉队者：没有哪个 rank 在自身工作上明显更慢、让同组 rank 等它（%1 个或更多迭代还能检验其持续性）。",
        "トレースに含まれる 1 イテレーションではストラグラーは見つかりませんでした：自身の処理が遅くてピアを待たせているランクはありません（%1 イテレーション以上あれば持続性も検証できます）。"),
    "No straggler found in the one time bin the traces hold: no rank stands out as slower at its "
    "own work while its peers wait for it (%1 or more time bins would also test persistence).": (
        "追踪包含的唯一一个时间分箱中没有发现掉队者：没有哪个 rank 在自身工作上明显更慢、让同组 rank 等它（%1 个或更多时间分箱还能检验其持续性）。",
        "トレースに含まれる 1 タイムビンではストラグラーは見つかりませんでした：自身の処理が遅くてピアを待たせているランクはありません（%1 タイムビン以上あれば持続性も検証できます）。"),
    "No straggler found in the %1 time bins the traces hold: no rank stands out as slower at its "
    "own work while its peers wait for it (%2 or more time bins would also test persistence).": (
        "追踪包含的 %1 个时间分箱中没有发现掉队者：没有哪个 rank 在自身工作上明显更慢、让同组 rank 等它（%2 个或更多时间分箱还能检验其持续性）。",
        "トレースに含まれる %1 タイムビンではストラグラーは見つかりませんでした：自身の処理が遅くてピアを待たせているランクはありません（%2 タイムビン以上あれば持続性も検証できます）。"),
    "No straggler: every peer group agreed in (nearly) every iteration.": (
        "没有掉队者：每个同组在（几乎）每个迭代中都一致。",
        "ストラグラーなし：すべてのピアグループが（ほぼ）すべてのイテレーションで一致しました。"),
    "No straggler: every peer group agreed in (nearly) every time bin.": (
        "没有掉队者：每个同组在（几乎）每个时间分箱中都一致。",
        "ストラグラーなし：すべてのピアグループが（ほぼ）すべてのタイムビンで一致しました。"),
    "Collective waits and arrival order of 1 poorly aligned rank were left out.": (
        "已略去 1 个时钟对齐较差的 rank 的集合通信等待和到达顺序。",
        "時計の揃いが悪い 1 個のランクの集団通信の待ちと到着順は除外しました。"),
    "%1; 1 rank waits for them in collectives": ("%1；1 个 rank 在集合通信中等待它们",
                                                 "%1；1 個のランクが集団通信でこれらを待っています"),
    "%1; 1 rank waits for it in collectives": ("%1；1 个 rank 在集合通信中等待它",
                                               "%1；1 個のランクが集団通信でこのランクを待っています"),
    "Only %1 of %2 ranks were compared: the logs give no step times for the other %3 ranks.": (
        "只比较了 %2 个 rank 中的 %1 个：日志没有给出其余 %3 个 rank 的单步耗时。",
        "比較したのは %2 個中 %1 個のランクのみです：残り %3 個のランクはログにステップ時間がありません。"),
    "Only %1 of %2 ranks were compared: the logs give no step times for the other 1 rank.": (
        "只比较了 %2 个 rank 中的 %1 个：日志没有给出其余 1 个 rank 的单步耗时。",
        "比較したのは %2 個中 %1 個のランクのみです：残り 1 個のランクはログにステップ時間がありません。"),
    "%1; 1 other suspect": ("%1；另有 1 个嫌疑对象", "%1；他に疑わしい対象が 1 件"),
    "%1; %2 other suspects": ("%1；另有 %2 个嫌疑对象", "%1；他に疑わしい対象が %2 件"),
    "Collective waits and arrival order of %1 poorly aligned ranks were left out.": (
        "已略去 %1 个时钟对齐较差的 rank 的集合通信等待和到达顺序。",
        "時計の揃いが悪い %1 個のランクの集団通信の待ちと到着順は除外しました。"),
    "%1 is a straggler: %2": ("%1 是掉队者：%2", "%1 はストラグラーです：%2"),
    "%1; it costs the job %2": ("%1；它使作业损失%2", "%1；これによりジョブは %2 を失います"),
    "%1 may be a straggler (tentative, %2): %3": ("%1 可能是掉队者（暂定，%2）：%3",
                                                  "%1 はストラグラーの可能性があります（暫定、%2）：%3"),
    "%1 waits for other ranks: its %2 is %3 above the peers' %4, but no rank was found slow at "
    "its own work": (
        "%1 在等待其他 rank：%4其%2比同组高 %3，但没有发现哪个 rank 自身工作偏慢",
        "%1 は他のランクを待っています：%4、%2がピアより %3 高いものの、自身の処理が遅いランクは見つかりませんでした"),
    "Too few equivalent ranks: naming a straggler needs peer groups of at least 3 ranks.": (
        "等价的 rank 太少：指出掉队者需要至少 3 个 rank 的同组。",
        "同等なランクが少なすぎます：ストラグラーを特定するには 3 個以上のランクからなるピアグループが必要です。"),
    "%1; %2 ranks wait for them in collectives": ("%1；%2 个 rank 在集合通信中等待它们",
                                                  "%1；%2 個のランクが集団通信でこれらを待っています"),
    "%1; %2 ranks wait for it in collectives": ("%1；%2 个 rank 在集合通信中等待它",
                                                "%1；%2 個のランクが集団通信でこのランクを待っています"),
    "%1: %2 %3 over peer median %4, %5": ("%1：%4%2相对同组中位数 %3，%5",
                                          "%1：%4、%2がピアの中央値に対して %3、%5"),
    "%1; costs the job %2": ("%1；使作业损失%2", "%1；ジョブの損失 %2"),
    "%1; it waits for other ranks rather than making them wait": (
        "%1；它是在等待其他 rank，而不是让它们等待",
        "%1；他のランクを待たせているのではなく、自身が待っています"),
    "%1: %2 %3 over peer median %4 (%5), %6": ("%1：%4%2相对同组中位数 %3（%5），%6",
                                               "%1：%4、%2がピアの中央値に対して %3（%5）、%6"),
    "every %1 iteration %2": ("%2每 %1 个迭代一次", "%2、%1 イテレーションごと"),
    "every %1 time bin %2": ("%2每 %1 个时间分箱一次", "%2、%1 タイムビンごと"),
    "from %1": ("从%1 起", "%1 から"),
    "in %1": ("在%1中", "%1 で"),
    "in iterations %1-%2": ("在迭代 %1-%2 中", "イテレーション %1-%2 で"),
    "in time bins %1-%2": ("在时间分箱 %1-%2 中", "タイムビン %1-%2 で"),
    "%1 windows": ("%1 个窗口", "%1 ウィンドウ"),
    "one window": ("一个窗口", "1 ウィンドウ"),
    "two windows": ("两个窗口", "2 ウィンドウ"),
    # View > Language (app/gui/LanguageMenu.cpp).
    "&Language": ("语言(&L)", "言語(&L)"),
    "System Default": ("跟随系统", "システムの既定"),
    # --- core messages: collectives, diff, logs ---
    # Collectives (core/collectives/CollectiveWording.cpp, CollectiveAnalysis.cpp).
    "no rank": ("没有 rank", "ランクなし"),
    "No rank": ("没有 rank", "ランクなし"),
    "ranks %1 and %2": ("rank %1 和 %2", "ランク %1 と %2"),
    "Ranks %1 and %2": ("rank %1 和 %2", "ランク %1 と %2"),
    "Ranks %1": ("rank %1", "ランク %1"),
    "an unnamed process group": ("一个未命名的进程组", "名前のないプロセスグループ"),
    "the collective": ("该集合通信", "その集団通信"),
    "%1 p2p #%2": ("%1 p2p #%2", "%1 p2p #%2"),
    "%1 #%2": ("%1 #%2", "%1 #%2"),
    "the other rank of that group": ("该组的另一个 rank", "そのグループのもう 1 つのランク"),
    "the other %1 ranks of that group": ("该组的其余 %1 个 rank", "そのグループの残り %1 個のランク"),
    "%1 (%2 of the group's %3)": ("%1（组内 %3 个中的 %2 个）", "%1（グループの %3 個中 %2 個）"),
    "its last completed collectives are #%1 to #%2": (
        "它最后完成的集合通信是 #%1 到 #%2", "最後に完了した集団通信は #%1 から #%2 です"),
    "their last completed collectives are #%1 to #%2": (
        "它们最后完成的集合通信是 #%1 到 #%2", "それらが最後に完了した集団通信は #%1 から #%2 です"),
    "its last completed collective is #%1": (
        "它最后完成的集合通信是 #%1", "最後に完了した集団通信は #%1 です"),
    "their last completed collective is #%1": (
        "它们最后完成的集合通信是 #%1", "それらが最後に完了した集団通信は #%1 です"),
    "%1 has posted no send or recv toward %2 in %3, which waits for it in %4.": (
        "%1 在 %3 中没有向 %2 发出任何 send 或 recv，而后者在 %4 中等待它。",
        "%1 は %3 で %2 への send も recv も発行しておらず、相手は %4 でそれを待っています。"),
    "%1 has posted no send or recv toward %2 in %3, which wait for it in %4.": (
        "%1 在 %3 中没有向 %2 发出任何 send 或 recv，而它们在 %4 中等待它。",
        "%1 は %3 で %2 への send も recv も発行しておらず、相手は %4 でそれを待っています。"),
    "%1 have posted no send or recv toward %2 in %3, which waits for them in %4.": (
        "%1 在 %3 中没有向 %2 发出任何 send 或 recv，而后者在 %4 中等待它们。",
        "%1 は %3 で %2 への send も recv も発行しておらず、相手は %4 でそれらを待っています。"),
    "%1 have posted no send or recv toward %2 in %3, which wait for them in %4.": (
        "%1 在 %3 中没有向 %2 发出任何 send 或 recv，而它们在 %4 中等待它们。",
        "%1 は %3 で %2 への send も recv も発行しておらず、相手は %4 でそれらを待っています。"),
    "%1 did not join %2 of %3, which %4 is waiting in": (
        "%1 没有加入 %3 的 %2，而 %4 正在其中等待",
        "%1 は %3 の %2 に参加していません。%4 がそこで待機しています"),
    "%1 did not join %2 of %3, which %4 are waiting in": (
        "%1 没有加入 %3 的 %2，而 %4 正在其中等待",
        "%1 は %3 の %2 に参加していません。%4 がそこで待機しています"),
    "its dump holds no pending entry of that group": (
        "它的转储中没有该组的待完成条目", "そのダンプにはこのグループの保留中エントリがありません"),
    "their dumps hold no pending entry of that group": (
        "它们的转储中没有该组的待完成条目", "それらのダンプにはこのグループの保留中エントリがありません"),
    "%1 started %2 of %3 and never completed it, which %4 completed": (
        "%1 开始了 %3 的 %2 但始终没有完成，而 %4 已完成",
        "%1 は %3 の %2 を開始しましたが完了していません。%4 は完了しています"),
    "%1 never completed %2 of %3, which %4 completed": (
        "%1 始终没有完成 %3 的 %2，而 %4 已完成",
        "%1 は %3 の %2 を完了していません。%4 は完了しています"),
    "%1 (it went on to complete #%2)": ("%1（它之后完成到了 #%2）", "%1（その後 #%2 まで完了）"),
    "%1 (they went on to complete #%2)": ("%1（它们之后完成到了 #%2）", "%1（その後 #%2 まで完了）"),
    "%1 runs %2 at #%3 of %4 where %5 run %6": (
        "%1 在 %4 的 #%3 处运行 %2，而 %5 运行 %6",
        "%1 は %4 の #%3 で %2 を実行していますが、%5 は %6 を実行しています"),
    "%1 run %2 at #%3 of %4 where %5 run %6": (
        "%1 在 %4 的 #%3 处运行 %2，而 %5 运行 %6",
        "%1 は %4 の #%3 で %2 を実行していますが、%5 は %6 を実行しています"),
    "Mismatch at #%1 of %2: %3 run %4, %5 run %6": (
        "%2 的 #%1 处不一致：%3 运行 %4，%5 运行 %6",
        "%2 の #%1 で不一致：%3 は %4、%5 は %6 を実行しています"),
    "%1; with no majority on either side the data cannot tell which one is at fault.": (
        "%1；双方都不占多数，数据无法判断是哪一方出错。",
        "%1。どちらの側も多数ではないため、どちらに原因があるかはデータから判断できません。"),
    "%1 wrote no Flight Recorder dump and left no record of %2, where %3 waits in %4; a rank that wrote nothing is often the one that hung.": (
        "%1 没有写出 Flight Recorder 转储，也没有留下 %2 的任何记录，而 %3 在其中的 %4 中等待；什么都没写出的 rank 往往就是挂起的那个。",
        "%1 は Flight Recorder のダンプを書かず、%2 の記録も残していません。そこで %3 が %4 で待機しています。何も書かなかったランクがハングしたランクであることはよくあります。"),
    "%1 wrote no Flight Recorder dump and left no record of %2, where %3 wait in %4; a rank that wrote nothing is often the one that hung.": (
        "%1 没有写出 Flight Recorder 转储，也没有留下 %2 的任何记录，而 %3 在其中的 %4 中等待；什么都没写出的 rank 往往就是挂起的那个。",
        "%1 は Flight Recorder のダンプを書かず、%2 の記録も残していません。そこで %3 が %4 で待機しています。何も書かなかったランクがハングしたランクであることはよくあります。"),
    "It is itself waiting in %1: a consequence, not a cause.": (
        "它本身也在 %1 中等待：这是结果，而不是原因。",
        "それ自体も %1 で待機しています：原因ではなく結果です。"),
    "They are themselves waiting in %1: a consequence, not a cause.": (
        "它们本身也在 %1 中等待：这是结果，而不是原因。",
        "それら自体も %1 で待機しています：原因ではなく結果です。"),
    "%1 of %2 for %3": ("%2 的 %1（等待 %3）", "%2 の %1（%3 を待機）"),
    "PyTorch's Flight Recorder analyser": ("PyTorch 的 Flight Recorder 分析器", "PyTorch の Flight Recorder アナライザー"),
    "Horovod's stall inspector": ("Horovod 的 stall inspector", "Horovod の stall inspector"),
    "a report": ("一份报告", "あるレポート"),
    "A report": ("一份报告", "あるレポート"),
    "According to %1, %2 of %3 has failed; no dump or log line of that group shows it first-hand.": (
        "据 %1，%3 的 %2 已失败；该组没有任何转储或日志行直接显示这一点。",
        "%1 によると、%3 の %2 は失敗しています。このグループのダンプやログ行にはそれを直接示すものがありません。"),
    "According to %1, %2 of %3 have failed; no dump or log line of that group shows it first-hand.": (
        "据 %1，%3 的 %2 已失败；该组没有任何转储或日志行直接显示这一点。",
        "%1 によると、%3 の %2 は失敗しています。このグループのダンプやログ行にはそれを直接示すものがありません。"),
    "%1 said (in communicator ranks): %2.": ("%1 的原话（通信器内 rank 编号）：%2。", "%1 の報告（コミュニケーター内のランク番号）：%2。"),
    "%1 said: %2.": ("%1 的原话：%2。", "%1 の報告：%2。"),
    "According to %1, %2 did not join %3 of %4; no dump or log line of that group shows it first-hand.": (
        "据 %1，%2 没有加入 %4 的 %3；该组没有任何转储或日志行直接显示这一点。",
        "%1 によると、%2 は %4 の %3 に参加していません。このグループのダンプやログ行にはそれを直接示すものがありません。"),
    "%1 wait, every member at the same sequence and in the same state: the collectives cannot tell which rank is at fault (a network or NCCL-level hang?). Look at the logs (NCCL WARN, IB and Xid errors) and at the nodes.": (
        "%1 在等待，所有成员处于同一序号和同一状态：集合通信无法判断是哪个 rank 出错（网络或 NCCL 层面的挂起？）。请查看日志（NCCL WARN、IB 和 Xid 错误）和节点。",
        "%1 が待機しており、全メンバーが同じシーケンス・同じ状態にあります：集団通信からはどのランクに原因があるか判断できません（ネットワークまたは NCCL レベルのハング？）。ログ（NCCL WARN、IB、Xid エラー）とノードを確認してください。"),
    "%1 wait in %2, every member at the same sequence and in the same state: the collectives cannot tell which rank is at fault (a network or NCCL-level hang?). Look at the logs (NCCL WARN, IB and Xid errors) and at the nodes.": (
        "%1 在 %2 中等待，所有成员处于同一序号和同一状态：集合通信无法判断是哪个 rank 出错（网络或 NCCL 层面的挂起？）。请查看日志（NCCL WARN、IB 和 Xid 错误）和节点。",
        "%1 が %2 で待機しており、全メンバーが同じシーケンス・同じ状態にあります：集団通信からはどのランクに原因があるか判断できません（ネットワークまたは NCCL レベルのハング？）。ログ（NCCL WARN、IB、Xid エラー）とノードを確認してください。"),
    "The bundle holds no collective records.": ("此作业包没有集合通信记录。", "このバンドルには集団通信の記録がありません。"),
    "The Flight Recorder dumps hold no entry and no group status.": (
        "Flight Recorder 转储中没有条目，也没有组状态。", "Flight Recorder のダンプにはエントリもグループの状態もありません。"),
    "Only %1 of %2 ranks wrote a Flight Recorder dump (%3 missing: %4): too few to line the groups up and tell who is behind.": (
        "%2 个 rank 中只有 %1 个写出了 Flight Recorder 转储（缺少 %3 个：%4）：太少，无法对齐各组并判断谁落后。",
        "Flight Recorder のダンプを書いたのは %2 個中 %1 個のランクだけです（%3 個欠落：%4）：少なすぎて、グループを揃えて誰が遅れているかを判断できません。"),
    "The collectives name no single culprit.": ("集合通信无法指出唯一的罪魁祸首。", "集団通信からは単一の原因を特定できません。"),
    "No collective is pending on any of the %1 ranks with records: the collectives show no hang.": (
        "在有记录的 %1 个 rank 上都没有待完成的集合通信：集合通信未显示挂起。",
        "記録のある %1 個のランクのいずれにも保留中の集団通信はありません：集団通信にハングは見られません。"),
    "op %1 vs %2": ("操作 %1 与 %2 不同", "操作 %1 と %2 が異なる"),
    "input sizes %1 vs %2": ("输入尺寸 %1 与 %2 不同", "入力サイズ %1 と %2 が異なる"),
    "input counts %1 vs %2": ("输入元素数 %1 与 %2 不同", "入力要素数 %1 と %2 が異なる"),
    "output sizes %1 vs %2": ("输出尺寸 %1 与 %2 不同", "出力サイズ %1 と %2 が異なる"),
    "output counts %1 vs %2": ("输出元素数 %1 与 %2 不同", "出力要素数 %1 と %2 が異なる"),
    "dtypes %1 vs %2": ("数据类型 %1 与 %2 不同", "データ型 %1 と %2 が異なる"),
    "output dtypes %1 vs %2": ("输出数据类型 %1 与 %2 不同", "出力データ型 %1 と %2 が異なる"),
    "sizes that do not fit %1 over %2 ranks": ("尺寸不符合 %2 个 rank 上的 %1", "%2 ランクの %1 に合わないサイズ"),
    "These are all the ranks of %1.": ("这些是 %1 上的全部 rank。", "これは %1 のすべてのランクです。"),
    "%1 wait for each other across process groups with no rank that waits for nobody: the groups may have been called in a different order on different ranks.": (
        "%1 跨进程组互相等待，且没有哪个 rank 不在等待别人：这些组在不同 rank 上的调用顺序可能不同。",
        "%1 はプロセスグループをまたいで互いに待ち合っており、誰も待っていないランクがありません：ランクによってグループの呼び出し順が異なる可能性があります。"),
    "%1 records name only a rank inside their process group, and the bundle has no member list to map it to a global rank; they were left out.": (
        "%1 条记录只给出了进程组内的 rank，而作业包没有成员列表可将其映射为全局 rank；这些记录已被忽略。",
        "%1 件のレコードはプロセスグループ内のランクしか示しておらず、バンドルにはそれをグローバルランクに対応付けるメンバー一覧がありません。これらは除外しました。"),
    "%1 records carry only a pg_id that no record of the same rank names (in \"only active\" dumps, the statuses of groups with nothing pending); they were left out.": (
        "%1 条记录只带有一个 pg_id，而同一 rank 的其他记录都没有给出它的名称（在 \"only active\" 转储中，没有待完成操作的组的状态）；这些记录已被忽略。",
        "%1 件のレコードには、同じランクのどのレコードも名前を示していない pg_id しかありません（\"only active\" ダンプでの、保留中の処理がないグループの状態）。これらは除外しました。"),
    "%1 records carry an impossible rank and were left out.": (
        "%1 条记录带有不可能的 rank，已被忽略。", "%1 件のレコードはありえないランクを持つため除外しました。"),
    "pg_id %1 of %2 as %3": ("%2 的 pg_id %1 视为 %3", "%2 の pg_id %1 を %3 として"),
    "Records with only a pg_id, on ranks with no record naming it, were named as ranks with the same process groups name that pg_id (%1).": (
        "只有 pg_id 的记录（其 rank 上没有记录给出该组名称）已按拥有相同进程组的 rank 为该 pg_id 所取的名称命名（%1）。",
        "pg_id しかなく、そのランクに名前を示すレコードがないものは、同じプロセスグループを持つランクがその pg_id に付けた名前で扱いました（%1）。"),
    "%1 names ranks inside %2 that could not be mapped to global ranks: the bundle has no member list for it.": (
        "%1 给出了 %2 内的 rank，但无法映射为全局 rank：作业包中没有该组的成员列表。",
        "%1 は %2 内のランクを示していますが、グローバルランクに対応付けられません：バンドルにこのグループのメンバー一覧がありません。"),
    "It said: %1.": ("其原话：%1。", "報告内容：%1。"),
    "%1: %2.": ("%1：%2。", "%1：%2。"),
    "%1 names %2 in %3; the records show %4. The records are what the findings follow.": (
        "%1 指出 %3 中的 %2；而记录显示的是 %4。结论以记录为准。",
        "%1 は %3 の %2 を挙げていますが、記録が示すのは %4 です。所見は記録に従います。"),
    "%1 got no answer from %2 in %3 (%4): silence alone does not show that a rank failed.": (
        "%1 没有收到 %3 中 %2 的应答（%4）：仅凭没有应答不能说明 rank 已失败。",
        "%1 は %3 の %2 から応答を得られませんでした（%4）：応答がないだけではランクが失敗したとは言えません。"),
    "%1 names %2 in %3, but the records of that group show nobody behind.": (
        "%1 指出 %3 中的 %2，但该组的记录显示没有人落后。",
        "%1 は %3 の %2 を挙げていますが、このグループの記録では誰も遅れていません。"),
    # Diff (core/diff/DiffSummary.cpp, StepTimeComparison.cpp).
    "Iterations take %1, %2% longer than the baseline's %3 (median of iterations %4 against %5; the first %6 and %7 iteration lines skipped as warm-up).": (
        "每次迭代耗时 %1，比基线的 %3 长 %2%（迭代 %4 与 %5 的中位数；分别跳过前 %6 和 %7 条迭代行作为预热）。",
        "イテレーションの所要時間は %1 で、ベースラインの %3 より %2% 長くなっています（イテレーション %4 と %5 の中央値。ウォームアップとして最初の %6 行と %7 行を除外）。"),
    "Iterations take %1, %2% less than the baseline's %3 (median of iterations %4 against %5; the first %6 and %7 iteration lines skipped as warm-up).": (
        "每次迭代耗时 %1，比基线的 %3 短 %2%（迭代 %4 与 %5 的中位数；分别跳过前 %6 和 %7 条迭代行作为预热）。",
        "イテレーションの所要時間は %1 で、ベースラインの %3 より %2% 短くなっています（イテレーション %4 と %5 の中央値。ウォームアップとして最初の %6 行と %7 行を除外）。"),
    "Iterations take %1, %2% longer than the baseline's %3 (median of iterations %4 against %5; the first %6 iteration lines skipped as warm-up).": (
        "每次迭代耗时 %1，比基线的 %3 长 %2%（迭代 %4 与 %5 的中位数；跳过前 %6 条迭代行作为预热）。",
        "イテレーションの所要時間は %1 で、ベースラインの %3 より %2% 長くなっています（イテレーション %4 と %5 の中央値。ウォームアップとして最初の %6 行を除外）。"),
    "Iterations take %1, %2% less than the baseline's %3 (median of iterations %4 against %5; the first %6 iteration lines skipped as warm-up).": (
        "每次迭代耗时 %1，比基线的 %3 短 %2%（迭代 %4 与 %5 的中位数；跳过前 %6 条迭代行作为预热）。",
        "イテレーションの所要時間は %1 で、ベースラインの %3 より %2% 短くなっています（イテレーション %4 と %5 の中央値。ウォームアップとして最初の %6 行を除外）。"),
    # Half-width brackets: the share sits inside sentences, before a space and more words.
    "%1 of %2 rank (%3%)": ("%2 个 rank 中的 %1 个 (%3%)", "%2 ランク中 %1 ランク (%3%)"),
    "%1 of %2 ranks (%3%)": ("%2 个 rank 中的 %1 个 (%3%)", "%2 ランク中 %1 ランク (%3%)"),
    "Rank %1 (1 of %2) is now in %3, where no rank of the baseline was.": (
        "rank %1（%2 个中的 1 个）现在位于 %3，而基线中没有任何 rank 在此。",
        "ランク %1（%2 個中 1 個）は現在 %3 にいます。ベースラインではどのランクもここにいませんでした。"),
    "%1 are now in %2; none were in the baseline.": (
        "%1 现在位于 %2；基线中没有任何 rank 在此。",
        "%1 が現在 %2 にいます。ベースラインでは 1 つもいませんでした。"),
    "No rank is in %1 any more; %2 of the baseline were.": (
        "已没有 rank 位于 %1；基线中有 %2 在此。",
        "%1 にいるランクはもうありません。ベースラインでは %2 がいました。"),
    "%1 now holds %2, up from %3 in the baseline.": (
        "%1 现在有 %2，高于基线中的 %3。", "%1 には現在 %2 がいます。ベースラインの %3 から増えています。"),
    "%1 now holds %2, down from %3 in the baseline.": (
        "%1 现在有 %2，低于基线中的 %3。", "%1 には現在 %2 がいます。ベースラインの %3 から減っています。"),
    "one other rank": ("另一个 rank", "もう 1 つのランク"),
    "the other %1 ranks": ("其余 %1 个 rank", "残りの %1 ランク"),
    "Rank %1 (1 of %2) is now in %3, where no rank of the baseline was, while %4 moved to %5.": (
        "rank %1（%2 个中的 1 个）现在位于 %3，而基线中没有任何 rank 在此；与此同时，%4 移到了 %5。",
        "ランク %1（%2 個中 1 個）は現在 %3 にいます。ベースラインではどのランクもここにいませんでした。一方、%4 は %5 に移りました。"),
    "%1 are now in %2, where no rank of the baseline was, while %3 moved to %4.": (
        "%1 现在位于 %2，而基线中没有任何 rank 在此；与此同时，%3 移到了 %4。",
        "%1 が現在 %2 にいます。ベースラインではどのランクもここにいませんでした。一方、%3 は %4 に移りました。"),
    "in the launcher's output": ("在启动器的输出中", "ランチャーの出力に"),
    "on %1 (%2)": ("在 %1（%2）上", "%1（%2）で"),
    "on %1 and %2 (%3)": ("在 %1 和 %2（%3）上", "%1 と %2（%3）で"),
    "on %1": ("在 %1 上", "%1 で"),
    "%1 event": ("%1 个事件", "%1 件のイベント"),
    "per iteration": ("每次迭代", "イテレーションあたり"),
    "New log template %1, the rank the others wait for: %2 (%3).": (
        "新日志模板出现%1，即其他 rank 所等待的那个 rank：%2（%3）。",
        "新しいログテンプレートが %1出現（他のランクが待っているランク）：%2（%3）。"),
    "New log template %1, among the ranks the others wait for: %2 (%3).": (
        "新日志模板出现%1，即在其他 rank 所等待的 rank 之中：%2（%3）。",
        "新しいログテンプレートが %1出現（他のランクが待っているランクの中）：%2（%3）。"),
    "per rank and iteration": ("每个 rank 每次迭代", "ランク・イテレーションあたり"),
    "per rank-hour": ("每 rank 小时", "ランク時間あたり"),
    "New log template %1: %2 (%3).": ("新日志模板出现%1：%2（%3）。", "新しいログテンプレートが %1出現：%2（%3）。"),
    "Log template gone (%1 in the baseline, %2): %3.": (
        "日志模板消失（基线中 %1，%2）：%3。", "ログテンプレートが消えました（ベースラインでは %1、%2）：%3。"),
    "launcher": ("启动器", "ランチャー"),
    "%1 is logged %2 as often %3 (%4 vs %5 in the baseline).": (
        "%1 的记录频率（%3）是基线的 %2（%4，基线为 %5）。",
        "%1 の記録頻度（%3）はベースラインの %2 です（%4、ベースラインは %5）。"),
    "%1 is logged %2 less often %3 (%4 vs %5 in the baseline).": (
        "%1 的记录频率（%3）降为基线的 %2 分之一（%4，基线为 %5）。",
        "%1 の記録頻度（%3）はベースラインの %2 分の 1 です（%4、ベースラインは %5）。"),
    "per second of trace": ("每秒跟踪", "トレース 1 秒あたり"),
    "%1 is new: %2 %3 at the median on %4.": (
        "%1 是新出现的：在 %4 上中位数为%3 %2。", "%1 は新規です：%4 で中央値は%3 %2。"),
    "%1 is gone: it took %2 %3 at the median in the baseline.": (
        "%1 已消失：在基线中中位数为%3 %2。", "%1 はなくなりました：ベースラインでの中央値は%3 %2 でした。"),
    "%1 takes %2 as long %3 at the median (%4 vs %5)": (
        "%1 的中位耗时（%3）变为 %2（%4 对比 %5）", "%1 の中央値の所要時間（%3）は %2 です（%4 対 %5）"),
    "%1 takes %2% less time %3 at the median (%4 vs %5)": (
        "%1 的中位耗时（%3）减少了 %2%（%4 对比 %5）", "%1 の中央値の所要時間（%3）は %2% 短くなっています（%4 対 %5）"),
    "%1 now takes time %2 at the median (%3 vs %4)": (
        "%1 现在的中位耗时（%2）不再为零（%3 对比 %4）", "%1 の中央値の所要時間（%2）がゼロでなくなりました（%3 対 %4）"),
    "%1 unchanged at the median": ("%1 的中位数不变", "%1 の中央値は変わらず"),
    "Step time p90 rose from %1 to %2 (%3).": ("步长时间 p90 从 %1 升至 %2（%3）。", "ステップ時間の p90 が %1 から %2 に増えました（%3）。"),
    "Step time p90 fell from %1 to %2 (%3).": ("步长时间 p90 从 %1 降至 %2（%3）。", "ステップ時間の p90 が %1 から %2 に減りました（%3）。"),
    "op timing": ("算子耗时", "演算の所要時間"),
    "%1 or %2": ("%1 或 %2", "%1 または %2"),
    "Nothing to compare: the runs share no stacks, logs or traces.": (
        "没有可比较的内容：两次运行没有共同的调用栈、日志或跟踪。",
        "比較できるものがありません：2 つの実行に共通のスタック、ログ、トレースがありません。"),
    "No significant change in %1.": ("%1 没有显著变化。", "%1 に有意な変化はありません。"),
    # --- core messages: logs ---
    "%1's own log": ("%1 自身的日志", "%1 自身のログ"),
    "launcher output": ("启动器输出", "ランチャーの出力"),
    "%1 from %2": ("%1，自 %2 起", "%1、%2 から"),
    "%1 (iteration %2)": ("%1（迭代 %2）", "%1（イテレーション %2）"),
    "%1 (%2): %3": ("%1（%2）：%3", "%1（%2）：%3"),
    "%1; missing on %2": ("%1；%2 上没有", "%1；%2 にはなし"),
    "%1; new late in the job": ("%1；作业后期新出现", "%1；ジョブの後半に新たに出現"),
    "%1; in a burst": ("%1；集中爆发", "%1；集中して発生"),
    "%1; echo of %2": ("%1；是 %2 的连带后果", "%1；%2 の波及"),
    "No suspicious log templates or ranks: %1 templates over %2 ranks look alike.": (
        "没有可疑的日志模板或 rank：%2 个 rank 上的 %1 个模板看起来一致。",
        "疑わしいログテンプレートやランクはありません：%2 ランクにわたる %1 個のテンプレートはどれも同様です。"),
    "Template %1": ("模板 %1", "テンプレート %1"),
    "%1 at %2": ("%1，于 %2", "%1、%2"),
    "signal %1": ("信号 %1", "シグナル %1"),
    "exit code %1": ("退出码 %1", "終了コード %1"),
    "%1's %2": ("%1 的 %2", "%1 の %2"),
    "rank %1's failure (%2, torchrun's first observed failure)": (
        "rank %1 的故障（%2，torchrun 观察到的第一个故障）",
        "ランク %1 の障害（%2、torchrun が最初に検出した障害）"),
    "nothing after iteration %1 while others reached %2": (
        "迭代 %1 之后再无记录，而其他 rank 到达了 %2",
        "イテレーション %1 以降の記録なし（他のランクは %2 に到達）"),
    "lacks %1 that %2 other ranks logged": (
        "缺少其他 %2 个 rank 记录的 %1", "他の %2 ランクが記録した %1 がない"),
    "lacks %1 that %2 other ranks logged (possibly the rank they wait for)": (
        "缺少其他 %2 个 rank 记录的 %1（可能正是它们在等待的 rank）",
        "他の %2 ランクが記録した %1 がない（それらが待っているランクかもしれません）"),
    "logged %1 (%2), which %3 other ranks did not": (
        "记录了 %1（%2），其他 %3 个 rank 没有", "%1（%2）を記録（他の %3 ランクは記録なし）"),
    "%1 on %2": ("%1，在 %2 上", "%1、%2 上"),
    "torchrun's first observed failure (%1)": (
        "torchrun 观察到的第一个故障（%1）", "torchrun が最初に検出した障害（%1）"),
    "torchrun stopped it (%1) after %2": (
        "在 %2 之后被 torchrun 停止（%1）", "%2 の後に torchrun が停止（%1）"),
    "a node-mate of %1, stopped with SIGTERM by torchrun on %2 when it failed": (
        "%1 的同节点 rank，在其故障时被 %2 上的 torchrun 用 SIGTERM 停止",
        "%1 と同じノードのランク。その障害時に %2 の torchrun が SIGTERM で停止"),
    "a node-mate of %1, stopped when it failed (torchrun stops a node's other workers when one fails)": (
        "%1 的同节点 rank，在其故障时被停止（一个 worker 故障时，torchrun 会停止该节点的其他 worker）",
        "%1 と同じノードのランク。その障害時に停止（torchrun はワーカーが 1 つ失敗するとノードの他のワーカーを停止します）"),
    "%1; an effect: %2": ("%1；属于连带后果：%2", "%1；波及による結果：%2"),
    "Rank %1 (%2)": ("rank %1（%2）", "ランク %1（%2）"),
    "%1 (%2) in the node's own log": ("节点自身日志中的 %1（%2）", "ノード自身のログの %1（%2）"),
    "all %1 of its ranks logged %2 (%3), which %4 other ranks did not": (
        "其全部 %1 个 rank 都记录了 %2（%3），其他 %4 个 rank 没有",
        "その全 %1 ランクが %2（%3）を記録（他の %4 ランクは記録なし）"),
    "%1 of its %2 ranks logged %3 (%4), which %5 other ranks did not": (
        "其 %2 个 rank 中有 %1 个记录了 %3（%4），其他 %5 个 rank 没有",
        "その %2 ランク中 %1 ランクが %3（%4）を記録（他の %5 ランクは記録なし）"),
    "%1 of its %2 ranks are suspects, e.g. %3": (
        "其 %2 个 rank 中有 %1 个是嫌疑对象，例如 %3",
        "その %2 ランク中 %1 ランクが容疑対象。例：%3"),
    "%1; also in the healthy baseline at a higher rate": (
        "%1；健康基线中也有，且频率更高", "%1；正常なベースラインにもより高い頻度で存在"),
    "%1; also in the healthy baseline at a similar rate": (
        "%1；健康基线中也有，频率相近", "%1；正常なベースラインにも同程度の頻度で存在"),
    # --- h12 (issue 12): collective claims in the GUI, the status line's comparison ---
    # A collective finding's claims (core/collectives/CollectiveAnalysis.cpp, CollectiveEchoes.cpp):
    # the tool's name is %1, its own words or the ranks it names follow.
    "%1 agrees: %2": ("%1 同样指出：%2", "%1 も同じく挙げています：%2"),
    "%1 names %2 (the records show %3)": (
        "%1 指出的是 %2（而记录显示的是 %3）", "%1 は %2 を挙げています（記録が示すのは %3）"),
    "%1 shows the same without naming the group": (
        "%1 显示了相同的情况，但未指明进程组",
        "%1 も同じ内容を示していますが、プロセスグループは明記されていません"),
    # Their heading in the finding's detail and tooltip (views/collectives/CollectiveText.cpp).
    "What other tools and logs say about it": ("其他工具和日志对此的说法", "他のツールやログの見解"),
    "What the tool's report says (no dump or log line shows it first-hand)": (
        "该工具报告的内容（没有任何转储或日志行直接显示这一点）",
        "ツールのレポートの内容（ダンプやログ行には直接示すものがありません）"),
    # The status line's comparison sentence (app/gui/MainWindowBaseline.cpp).
    "Click to open the Diff view.": ("点击打开对比视图。", "クリックすると差分ビューを開きます。"),
    # --- issue 13: damaged cache rebuilt from the bundle ---
    "The cache was damaged; rebuilding it from the bundle": (
        "缓存已损坏；正在根据作业包重建",
        "キャッシュが破損しています。バンドルから再構築しています"),
    "The cache was damaged; rebuilding it from the bundle (%1)": (
        "缓存已损坏；正在根据作业包重建（%1）",
        "キャッシュが破損しています。バンドルから再構築しています（%1）"),
    # --- h13 (issue 12 point 1): the window size of --screenshot (app/gui/main.cpp) ---
    "Window size for --screenshot, WIDTHxHEIGHT in pixels (default: 1500x900).": (
        "--screenshot 的窗口大小，格式为 WIDTHxHEIGHT（像素，默认：1500x900）。",
        "--screenshot のウィンドウサイズ。WIDTHxHEIGHT（ピクセル、既定値：1500x900）。"),
    "--window-size needs WIDTHxHEIGHT, e.g. 1024x768": (
        "--window-size 需要 WIDTHxHEIGHT 格式，例如 1024x768",
        "--window-size には WIDTHxHEIGHT を指定してください（例：1024x768）"),
    # --- h21 (issue 14 point 1): the findings' join, its verdict and what would settle it
    # (core/findings/) ---
    "the stacks": ("栈", "スタック"),
    "the profiler traces": ("性能分析跟踪", "プロファイラーのトレース"),
    "the logs": ("日志", "ログ"),
    "the collective records": ("集合通信记录", "集団通信の記録"),
    "the baseline comparison": ("与基线的对比", "ベースラインとの比較"),
    "%1 and %2": ("%1 和 %2", "%1 と %2"),
    "Ranks %1 (%2)": ("rank %1（%2）", "ランク %1（%2）"),
    "%1 most likely started it (evidence from %2).": (
        "最可能的起因是 %1（证据来自 %2）。", "%1 が発端である可能性が最も高い（根拠：%2）。"),
    "%1 may have started it (weak evidence from %2).": (
        "起因可能是 %1（证据较弱，来自 %2）。", "%1 が発端の可能性があります（根拠は弱い：%2）。"),
    "%1 only wait for it.": ("%1 只是在等待它。", "%1 はそれを待っているだけです。"),
    "%1 only waits for it.": ("%1 只是在等待它。", "%1 はそれを待っているだけです。"),
    "The layers disagree: the evidence from %1 points at %2 instead; both are listed.": (
        "各层的结论不一致：来自 %1 的证据指向 %2；两者都已列出。",
        "レイヤー間で結論が食い違っています。%1 の根拠は %2 を指しています。両方を挙げています。"),
    "What would confirm it: %1.": ("可以证实这一点的数据：%1。", "確かめるのに役立つデータ：%1。"),
    "What would settle it: %1.": ("可以下定论的数据：%1。", "結論を出すのに必要なデータ：%1。"),
    "No layer can tell which rank or node started it.": (
        "没有任何一层能判断问题是由哪个 rank 或节点引起的。",
        "どのレイヤーからも、発端となったランクやノードを特定できません。"),
    "The bundle holds nothing to compare.": ("作业包中没有可比较的内容。", "バンドルには比較できるものがありません。"),
    "No rank or node stands out in %1.": (
        "在 %1 中没有突出的 rank 或节点。", "%1 には目立つランクやノードはありません。"),
    "%1 wait for %2 in the collectives.": (
        "%1 在集合通信中等待 %2。", "%1 は集団通信で %2 を待っています。"),
    "%1 wait in %2 #%3 of %4.": ("%1 在 %4 的 %2 #%3 中等待。", "%1 は %4 の %2 #%3 で待機しています。"),
    "%1 wait in %2.": ("%1 在 %2 中等待。", "%1 は %2 で待機しています。"),
    "%1 wait at #%2 of %3.": ("%1 在 %3 的 #%2 处等待。", "%1 は %3 の #%2 で待機しています。"),
    "%1 now in %2, where no rank of the baseline was.": (
        "%1 现在位于 %2，而基线中没有任何 rank 到过这里。",
        "%1 は現在 %2 にいます。ベースラインではどのランクもそこにいませんでした。"),
    "%1 now in %2, %3% of the ranks against %4% in the baseline.": (
        "%1 现在位于 %2，占 rank 的 %3%，基线中为 %4%。",
        "%1 は現在 %2 にいます。ランクの %3%（ベースラインでは %4%）です。"),
    "%1 logged %2, which the baseline never did (%3 events).": (
        "%1 记录了 %2，基线中从未出现过（%3 个事件）。",
        "%1 が %2 を記録しました。ベースラインには一度もありません（%3 件）。"),
    "%1 logged %2 once, which the baseline never did.": (
        "%1 记录了一次 %2，基线中从未出现过。",
        "%1 が %2 を 1 回記録しました。ベースラインには一度もありません。"),
    "%1 logged %2 %3 as often as the baseline did.": (
        "%1 记录 %2 的频率是基线的 %3。", "%1 は %2 をベースラインの %3 の頻度で記録しました。"),
    "%1 takes %2 as long per iteration at the median over ranks (%3 against %4).": (
        "按各 rank 的中位数，%1 每次迭代的耗时是基线的 %2（%3 对比 %4）。",
        "ランクの中央値で、%1 の 1 イテレーションあたりの時間はベースラインの %2 です（%3 対 %4）。"),
    "two or three more stack dumps of every rank, a few seconds apart (py-spy dump), to tell stuck ranks from slow ones": (
        "每个 rank 再采集两三次栈转储，每次间隔几秒（py-spy dump），以区分卡住的 rank 和只是慢的 rank",
        "各ランクのスタックダンプをあと 2〜3 回、数秒おきに取得すること（py-spy dump）。止まっているランクと遅いだけのランクを見分けられます"),
    "a stack dump of every rank while the job hangs (py-spy dump)": (
        "作业挂起期间每个 rank 的栈转储（py-spy dump）",
        "ジョブが止まっている間の全ランクのスタックダンプ（py-spy dump）"),
    "a Flight Recorder dump of every rank (TORCH_NCCL_TRACE_BUFFER_SIZE=2000, TORCH_NCCL_DUMP_ON_TIMEOUT=1), to see who never joined which collective": (
        "每个 rank 的 Flight Recorder 转储（TORCH_NCCL_TRACE_BUFFER_SIZE=2000、TORCH_NCCL_DUMP_ON_TIMEOUT=1），以查看谁没有加入哪个集合通信",
        "全ランクの Flight Recorder ダンプ（TORCH_NCCL_TRACE_BUFFER_SIZE=2000、TORCH_NCCL_DUMP_ON_TIMEOUT=1）。どのランクがどの集団通信に参加しなかったかがわかります"),
    "two more profiler steps (a capture of at least three iterations), to tell a lasting straggler from one slow step": (
        "再多采集两个性能分析步骤（至少三次迭代），以区分持续的掉队者和偶尔一次的慢步",
        "プロファイラーのステップをあと 2 つ（少なくとも 3 イテレーションの取得）。持続的なストラグラーと一度だけ遅いステップを見分けられます"),
    "a PyTorch profiler trace of every rank over a few steps, to see who is slow at its own work": (
        "每个 rank 若干步骤的 PyTorch 性能分析跟踪，以查看谁在自身的工作上变慢",
        "全ランクの数ステップ分の PyTorch プロファイラートレース。自分の処理が遅いランクがわかります"),
    "the logs of every rank (the launcher's output or one file per rank)": (
        "每个 rank 的日志（启动器的输出，或每个 rank 一个文件）",
        "全ランクのログ（ランチャーの出力、またはランクごとのファイル）"),
    "each node's own logs: NCCL WARN lines (NCCL_DEBUG=WARN), InfiniBand errors and GPU Xid errors (dmesg)": (
        "每个节点自己的日志：NCCL WARN 行（NCCL_DEBUG=WARN）、InfiniBand 错误和 GPU Xid 错误（dmesg）",
        "各ノード自身のログ：NCCL WARN の行（NCCL_DEBUG=WARN）、InfiniBand のエラー、GPU の Xid エラー（dmesg）"),
    "a healthy run of the same job to compare with (--baseline)": (
        "同一作业的一次正常运行，用于对比（--baseline）", "比較に使う同じジョブの正常な実行（--baseline）"),
    # --- Overview tab (views/overview, app/gui/MainWindowOverview.cpp) ---
    "Overview": ("概览", "概要"),
    "&Overview": ("概览(&O)", "概要(&O)"),
    "Joining the layers…": ("正在汇总各层…", "各レイヤーを統合中…"),
    "The layers could not be joined (out of memory); each view still shows its own layer.": (
        "无法汇总各层（内存不足）；各视图仍显示各自的层。",
        "レイヤーを統合できませんでした（メモリ不足）。各ビューはそれぞれのレイヤーを表示します。"),
    "the own logs of %1 and %2 more nodes": ("%1 以及另外 %2 个节点自身的日志", "%1 とほか %2 ノード自身のログ"),
    " UTC": (" UTC", " UTC"),
    "%1%2: %3": ("%1%2：%3", "%1%2：%3"),
    "%1, %2 UTC: %3": ("%1，%2 UTC：%3", "%1、%2 UTC：%3"),
    "rank 0": ("rank 0", "ランク 0"),
    "%n node(s)": ("%n 个节点", "%n ノード"),
    "%1 %2/%3": ("%1 %2/%3", "%1 %2/%3"),
    "Ranks %1-%2: %3": ("rank %1-%2：%3", "ランク %1-%2：%3"),
    "Traces": ("跟踪", "トレース"),
    "Flight Recorder": ("Flight Recorder", "Flight Recorder"),
    "frame %1": ("栈帧 %1", "フレーム %1"),
    "log template #%1": ("日志模板 #%1", "ログテンプレート #%1"),
    "%1 #%2 of pg %3": ("pg %3 的 %1 #%2", "pg %3 の %1 #%2"),
    "%1 of pg %2": ("pg %2 的 %1", "pg %2 の %1"),
    "baseline diff: %1": ("基线对比：%1", "ベースライン差分：%1"),
    "high confidence": ("高置信度", "確度 高"),
    "medium confidence": ("中等置信度", "確度 中"),
    "low confidence": ("低置信度", "確度 低"),
    "show": ("查看", "表示"),
    "%n layer(s) agree": ("%n 层一致", "%n レイヤーが一致"),
    "Disagreeing: %1 point at another culprit (listed below).": (
        "不一致：%1 指向另一个元凶（见下文）。", "不一致：%1 は別の原因を指しています（下記）。"),
    "What it does to the others:": ("它对其他 rank 的影响：", "他のランクへの影響："),
    "and %n more": ("另外 %n 项", "ほか %n 件"),
    "To be sure: %1": ("若要确认：%1", "確かめるには：%1"),
    "What would settle it:": ("能够确定的数据：", "判断に必要なデータ："),
    "What more data could show:": ("更多数据可能揭示的：", "追加のデータでわかること："),
    "Nothing suspicious to put on the time axis.": ("没有可放到时间轴上的可疑事件。", "時間軸に載せる不審な事象はありません。"),
    "What the layers see:": ("各层看到的情况：", "各レイヤーが見ているもの："),
    "Also seen, naming no one:": ("另外看到（未指向任何人）：", "ほかに見えたもの（特定の対象なし）："),
    "No layer dates its findings on the wall clock (stack dumps without times, traces whose clock starts at process launch), so the first anomalies cannot be lined up.": (
        "没有任何层以挂钟时间标注其发现（无时间的栈转储、时钟从进程启动开始的跟踪），因此无法对齐最早的异常。",
        "どのレイヤーも発見を実時間で示していません（時刻のないスタックダンプ、プロセス起動から始まるクロックのトレース）。そのため最初の異常を並べられません。"),
    "First anomaly of the job: %1": ("作业的第一个异常：%1", "ジョブ最初の異常：%1"),
    "What each rank sent": ("每个 rank 提供的数据", "各ランクが送ったデータ"),
    "First anomalies": ("最早的异常", "最初の異常"),
    "What each layer says": ("各层的结论", "各レイヤーの結論"),
    "Open a bundle: the overview joins its stacks, traces, logs and Flight Recorder dumps into one verdict.": (
        "打开一个作业包：概览会把其中的栈、跟踪、日志和 Flight Recorder 转储汇总为一个结论。",
        "バンドルを開いてください：概要はスタック、トレース、ログ、Flight Recorder ダンプを一つの結論にまとめます。"),
    "no layer with data": ("没有包含数据的层", "データのあるレイヤーなし"),
    "layers: %1": ("层：%1", "レイヤー：%1"),
    "sent none": ("未提供", "送信なし"),
    "culprit": ("元凶", "原因"),
    "not in this bundle": ("此作业包中没有", "このバンドルにはありません"),
    "Import problems (%1)": ("导入问题（%1）", "インポートの問題（%1）"),
    "Every file imported without a problem.": ("所有文件均已顺利导入。", "すべてのファイルが問題なくインポートされました。"),
    "Show all %1 in the Problems panel": ("在问题面板中显示全部 %1 项", "問題パネルに %1 件すべてを表示"),
    "Show them in the Problems panel": ("在问题面板中显示", "問題パネルに表示"),
    "the overview has nothing to export yet": ("概览尚无可导出的内容", "概要にはまだエクスポートするものがありません"),
    "rankscope overview": ("rankscope 概览", "rankscope 概要"),
    "cannot write %1": ("无法写入 %1", "%1 に書き込めません"),
    # --- incident report (app/gui/IncidentReport.cpp, MainWindowReport.cpp, main.cpp) ---
    "each process group's collectives by rank": ("按 rank 显示每个进程组的集合通信", "プロセスグループごと・ランクごとの集合通信"),
    "every rank's stacks merged": ("所有 rank 的栈合并", "全ランクのスタックを統合"),
    "focused on %1's frame": ("聚焦于 %1 的栈帧", "%1 のフレームに注目"),
    "&Add View to Report": ("将视图加入报告(&A)", "ビューをレポートに追加(&A)"),
    "Added %1 to the report (%n picture(s)); File > Export Report writes it.": (
        "已将 %1 加入报告（%n 张图片）；“文件 > 导出报告”会写出它。",
        "%1 をレポートに追加しました（%n 枚の画像）。「ファイル > レポートをエクスポート」で書き出します。"),
    "Cannot add this view to the report: %1": ("无法将此视图加入报告：%1", "このビューをレポートに追加できません：%1"),
    "Export &Report…": ("导出报告(&R)…", "レポートをエクスポート(&R)…"),
    "Export Report": ("导出报告", "レポートをエクスポート"),
    "HTML, one file (*.html);;Markdown with a folder of pictures (*.md)": (
        "HTML，单个文件 (*.html);;Markdown 及图片文件夹 (*.md)",
        "HTML（1 ファイル） (*.html);;Markdown と画像フォルダー (*.md)"),
    "Wrote the report %1": ("已写出报告 %1", "レポート %1 を書き出しました"),
    "against the baseline": ("与基线对比", "ベースラインとの比較"),
    "no temporary folder for the picture": ("没有用于图片的临时文件夹", "画像用の一時フォルダーがありません"),
    "ranks by windows, stragglers outlined": ("rank × 窗口，掉队者已标出", "ランク × ウィンドウ、遅延ランクを強調"),
    "the joined verdict, what each rank sent, the first anomalies": (
        "汇总结论、每个 rank 提供的数据、最早的异常", "統合された結論、各ランクが送ったデータ、最初の異常"),
    "the picture could not be read back": ("无法读回图片", "画像を読み戻せませんでした"),
    "the verdict is not ready yet": ("结论尚未就绪", "結論はまだ準備できていません"),
    "View to show first: overview (the default), stacks, functions (the Stacks view with its Functions table on the top suspect's frame), heatmap, logs, logs-steps (the Logs tab's step-time and loss chart), diff, heatmap-diff (the heatmap minus the baseline's) or collectives.": (
        "首先显示的视图：overview（默认）、stacks、functions（栈视图及其函数表，定位到首要嫌疑栈帧）、heatmap、logs、logs-steps（日志页的步时与损失图）、diff、heatmap-diff（热力图减去基线）或 collectives。",
        "最初に表示するビュー：overview（既定）、stacks、functions（スタックビューと最上位の疑わしいフレームの関数表）、heatmap、logs、logs-steps（ログタブのステップ時間と損失のグラフ）、diff、heatmap-diff（ヒートマップからベースラインを引いたもの）、collectives。"),
    "--report needs a bundle (or --demo)": ("--report 需要一个作业包（或 --demo）", "--report にはバンドル（または --demo）が必要です"),
    "Write the incident report of the bundle to FILE (HTML, or Markdown with a folder of pictures for .md) once every layer is loaded, and quit.": (
        "在所有层加载完成后，将作业包的事故报告写入 FILE（HTML；.md 则为 Markdown 及图片文件夹），然后退出。",
        "すべてのレイヤーを読み込んだ後、バンドルのインシデントレポートを FILE に書き出して終了します（HTML、.md なら Markdown と画像フォルダー）。"),
    "not every layer loaded in time; the report has what was in": ("并非所有层都及时加载；报告包含已有内容", "すべてのレイヤーが時間内に読み込まれませんでした。レポートには読み込めた内容が入ります"),
    "%1 (%2 ranks)": ("%1（%2 个 rank）", "%1（%2 ランク）"),
    "%1 and %2 more": ("%1 以及另外 %2 个", "%1 ほか %2 件"),
    "Bundle": ("作业包", "バンドル"),
    "By": ("作者", "作成者"),
    "Coverage": ("覆盖", "カバレッジ"),
    "Culprits": ("元凶", "原因"),
    "Disagreeing layers: %1": ("不一致的层：%1", "一致しないレイヤー：%1"),
    "Finding": ("发现", "発見"),
    "First anomaly of the job (%1): %2": ("作业的第一个异常（%1）：%2", "ジョブ最初の異常（%1）：%2"),
    "Import problems": ("导入问题", "インポートの問題"),
    "Incident report: %1": ("事故报告：%1", "インシデントレポート：%1"),
    "Job": ("作业", "ジョブ"),
    "Layer": ("层", "レイヤー"),
    "Layers": ("层", "レイヤー"),
    "No culprit: no layer names a rank or node.": ("没有元凶：没有任何层指向某个 rank 或节点。", "原因なし：どのレイヤーもランクやノードを特定していません。"),
    "No notes.": ("没有批注。", "メモはありません。"),
    "Pictures": ("图片", "画像"),
    "Points at": ("指向", "参照先"),
    "Reproduce": ("复现", "再現"),
    "Roles": ("角色", "ロール"),
    "Time span of the evidence": ("证据的时间跨度", "証拠の時間範囲"),
    "View": ("视图", "ビュー"),
    "When": ("时间", "時刻"),
    "World size": ("World size", "ワールドサイズ"),
    "Written by %1 on %2": ("由 %1 于 %2 生成", "%1 が %2 に作成"),
    "and %1 more": ("另外 %1 个", "ほか %1 件"),
    "cannot create %1": ("无法创建 %1", "%1 を作成できません"),
    "cannot write %1: %2": ("无法写入 %1：%2", "%1 に書き込めません：%2"),
    "confidence": ("置信度", "確度"),
    "context": ("背景", "背景"),
    "effect": ("影响", "影響"),
    "high": ("高", "高"),
    "iterations %1-%2": ("迭代 %1-%2", "イテレーション %1-%2"),
    "low": ("低", "低"),
    "medium": ("中", "中"),
    # --- h22 (issue 14 point 3): notes on every view (views/annotations, MainWindowNotes.cpp,
    # core/notes messages) ---
    "&Notes": ("批注(&N)", "メモ(&N)"),
    "there are no log lines to export": ("没有可导出的日志行", "エクスポートするログ行がありません"),
    "Notes": ("批注", "メモ"),
    "Notes (%1)": ("批注 (%1)", "メモ (%1)"),
    "Note": ("批注", "メモ"),
    "On": ("位置", "対象"),
    "Changed": ("修改时间", "更新日時"),
    "Delete": ("删除", "削除"),
    "Import…": ("导入…", "インポート…"),
    "Export…": ("导出…", "エクスポート…"),
    "Highlight": ("高亮框", "ハイライト"),
    "Arrow": ("箭头", "矢印"),
    "Marked ranks": ("标记的 rank", "マークしたランク"),
    "Timeline": ("时间线", "タイムライン"),
    "all ranks": ("所有 rank", "全ランク"),
    "&Add Note to Selection…": ("为所选项添加批注(&A)…", "選択項目にメモを追加(&A)…"),
    "&Highlight": ("高亮框(&H)", "ハイライト(&H)"),
    "A&rrow": ("箭头(&R)", "矢印(&R)"),
    "&Mark Ranks…": ("标记 rank(&M)…", "ランクをマーク(&M)…"),
    "&Import Notes…": ("导入批注(&I)…", "メモをインポート(&I)…"),
    "&Export Notes…": ("导出批注(&E)…", "メモをエクスポート(&E)…"),
    "Import Notes": ("导入批注", "メモをインポート"),
    "Export Notes": ("导出批注", "メモをエクスポート"),
    "Notes (*.notes.json *.json)": ("批注 (*.notes.json *.json)", "メモ (*.notes.json *.json)"),
    "Notes (*.notes.json)": ("批注 (*.notes.json)", "メモ (*.notes.json)"),
    "Notes not imported: %1": ("批注未导入：%1", "メモはインポートされませんでした: %1"),
    "Notes not exported: %1": ("批注未导出：%1", "メモはエクスポートされませんでした: %1"),
    "Exported %n note(s) to %1": ("已将 %n 条批注导出到 %1", "%n 件のメモを %1 にエクスポートしました"),
    "Pin a note to the selected frame, heatmap cell, log line or collective": (
        "为所选的栈帧、热力图单元格、日志行或集合通信添加批注",
        "選択したフレーム、ヒートマップのセル、ログ行、集団通信にメモを付けます"),
    "Draw a rectangle over the view (rows, time, frames) that stays on its data when zooming": (
        "在视图上画一个矩形（行、时间、栈帧），缩放时它跟随数据",
        "ビューに矩形（行、時間、フレーム）を描きます。ズームしてもデータに付いていきます"),
    "Draw an arrow pointing at something in the view": (
        "画一个箭头指向视图中的某处", "ビュー内の何かを指す矢印を描きます"),
    "Mark ranks with a note: their rows, lines and frames are tinted in every view": (
        "用批注标记 rank：它们的行、日志行和栈帧在每个视图中都会着色",
        "ランクをメモ付きでマークします：その行、ログ行、フレームがすべてのビューで色付けされます"),
    "Drag a rectangle over the view to highlight it; Escape cancels.": (
        "在视图上拖出一个矩形进行高亮；按 Esc 取消。",
        "ビュー上で矩形をドラッグしてハイライトします。Esc で取り消します。"),
    "Drag from where the arrow starts to what it points at; Escape cancels.": (
        "从箭头起点拖到它指向的位置；按 Esc 取消。",
        "矢印の始点から指す先までドラッグします。Esc で取り消します。"),
    "Note %1 is on something this view does not show now (filtered out, zoomed away, or not in this import).": (
        "批注 %1 所在的内容当前未在视图中显示（被过滤、缩放到别处，或不在本次导入中）。",
        "メモ %1 の対象は現在このビューに表示されていません（フィルターで除外、別の場所にズーム、またはこのインポートにない）。"),
    "Select a frame, a cell, a line or a collective first, or right-click one and choose Add Note…": (
        "请先选择一个栈帧、单元格、日志行或集合通信，或右键单击它并选择“添加批注…”",
        "先にフレーム、セル、ログ行、集団通信を選択するか、右クリックして「メモを追加…」を選んでください"),
    "Note %1: %2 (on %3)": ("批注 %1：%2（位于 %3）", "メモ %1: %2（%3）"),
    "Note %1: %2": ("批注 %1：%2", "メモ %1: %2"),
    "… and %n more note(s)": ("… 另有 %n 条批注", "… ほか %n 件のメモ"),
    "Double-click or F2 to edit, Delete to remove": (
        "双击或按 F2 编辑，按 Delete 删除", "ダブルクリックか F2 で編集、Delete で削除"),
    "%1 on rank %2": ("rank %2 上的 %1", "ランク %2 の %1"),
    "%1 #%2 of group %3": ("组 %3 的 %1 #%2", "グループ %3 の %1 #%2"),
    "%1 #%2 · rank %3": ("%1 #%2 · rank %3", "%1 #%2 · ランク %3"),
    "rank %1 · iteration %2": ("rank %1 · 迭代 %2", "ランク %1 · イテレーション %2"),
    "rank %1 · time bin %2": ("rank %1 · 时间段 %2", "ランク %1 · 時間ビン %2"),
    "Add Note": ("添加批注", "メモを追加"),
    "Edit Note": ("编辑批注", "メモを編集"),
    "Mark Ranks": ("标记 rank", "ランクをマーク"),
    "Edit Marked Ranks": ("编辑标记的 rank", "マークしたランクを編集"),
    "Note on %1:": ("%1 的批注：", "%1 へのメモ:"),
    "Why they are marked (optional):": ("标记的原因（可选）：", "マークする理由（任意）:"),
    "What you found, a ticket, who to ask…": (
        "你发现了什么、工单号、该问谁…", "分かったこと、チケット、問い合わせ先…"),
    "e.g. 37 or 128-135,200": ("例如 37 或 128-135,200", "例：37 や 128-135,200"),
    "Not a rank list: write ranks and ranges like 3,8-15.": (
        "不是 rank 列表：请写成 3,8-15 这样的 rank 和范围。",
        "ランクの一覧ではありません：3,8-15 のようにランクと範囲を書いてください。"),
    "Add Note…": ("添加批注…", "メモを追加…"),
    "Add Note to %1…": ("为 %1 添加批注…", "%1 にメモを追加…"),
    "Edit Note…": ("编辑批注…", "メモを編集…"),
    "Delete Note": ("删除批注", "メモを削除"),
    "Mark Ranks…": ("标记 rank…", "ランクをマーク…"),
    "Mark Rank %1…": ("标记 rank %1…", "ランク %1 をマーク…"),
    "Draw Highlight": ("画高亮框", "ハイライトを描く"),
    "Draw Arrow": ("画箭头", "矢印を描く"),
    "Merge a colleague's notes file (.notes.json) into this bundle's notes, without duplicates": (
        "将同事的批注文件（.notes.json）合并到此作业包的批注中，不会重复",
        "同僚のメモファイル（.notes.json）をこのバンドルのメモに重複なく統合します"),
    "Write every note to a file next to the bundle (.notes.json) for a colleague who opens the same bundle": (
        "将所有批注写入作业包旁边的文件（.notes.json），供打开同一作业包的同事使用",
        "すべてのメモをバンドルの隣のファイル（.notes.json）に書き出し、同じバンドルを開く同僚に渡します"),
    "No notes yet. Right-click a frame, a heatmap cell, a log line or a collective and choose <i>Add Note…</i>; draw boxes and arrows with <i>Highlight</i> and <i>Arrow</i>; mark ranks with <i>Mark Ranks…</i>. Notes are saved with the bundle and drawn into exported pictures.": (
        "还没有批注。右键单击栈帧、热力图单元格、日志行或集合通信并选择<i>添加批注…</i>；用<i>高亮框</i>和<i>箭头</i>画框和箭头；用<i>标记 rank…</i>标记 rank。批注随作业包保存，并画进导出的图片。",
        "メモはまだありません。フレーム、ヒートマップのセル、ログ行、集団通信を右クリックして<i>メモを追加…</i>を選びます。<i>ハイライト</i>と<i>矢印</i>で枠と矢印を描き、<i>ランクをマーク…</i>でランクをマークします。メモはバンドルと一緒に保存され、エクスポートした画像に描かれます。"),
    "Imported %n note(s) from %1": ("已从 %1 导入 %n 条批注", "%1 から %n 件のメモをインポートしました"),
    "; %n updated": ("；%n 条已更新", "、%n 件を更新"),
    "; %n already there": ("；%n 条已存在", "、%n 件は既存"),
    "; %n left out: %1": ("；%n 条未导入：%1", "、%n 件は除外: %1"),
    "Open a bundle to add notes to it.": ("请先打开作业包再添加批注。", "メモを追加するにはバンドルを開いてください。"),
    "The note cannot be saved: %1": ("无法保存批注：%1", "メモを保存できません: %1"),
    "The note cannot be deleted: %1": ("无法删除批注：%1", "メモを削除できません: %1"),
    "The notes of this bundle cannot be read: %1": ("无法读取此作业包的批注：%1", "このバンドルのメモを読み込めません: %1"),
    "the notes of this bundle are read-only (its cache folder cannot be written)": (
        "此作业包的批注为只读（其缓存文件夹不可写）",
        "このバンドルのメモは読み取り専用です（キャッシュフォルダーに書き込めません）"),
    '"%1" has a value rankscope does not know': ("“%1”的值 rankscope 无法识别", "「%1」の値を rankscope は認識できません"),
    '"%1" is longer than %2': ("“%1”长于 %2", "「%1」が %2 より長い"),
    '"%1" is missing': ("缺少“%1”", "「%1」がありません"),
    '"%1" is not %2': ("“%1”不是%2", "「%1」が%2ではありません"),
    '"%1" is out of range': ("“%1”超出范围", "「%1」が範囲外です"),
    "a string": ("字符串", "文字列"),
    "an integer": ("整数", "整数"),
    "an object": ("对象", "オブジェクト"),
    "an array": ("数组", "配列"),
    "four finite numbers": ("四个有限数", "4 つの有限の数"),
    "note %1 left out: %2": ("第 %1 条批注未导入：%2", "メモ %1 は除外: %2"),
    "cannot read %1: %2": ("无法读取 %1：%2", "%1 を読み込めません: %2"),
    "%1 is not a regular file": ("%1 不是普通文件", "%1 は通常のファイルではありません"),
    "%1 changed while it was read: not imported": ("%1 在读取时发生了变化：未导入", "%1 は読み込み中に変更されました：インポートしません"),
    '%1 has no valid "version": not imported': ("%1 没有有效的“version”：未导入", "%1 に有効な「version」がありません：インポートしません"),
    "%1 holds %2 notes; the first %3 were read": ("%1 含有 %2 条批注；只读取了前 %3 条", "%1 には %2 件のメモがあります。最初の %3 件を読み込みました"),
    "%1 is %2 MiB; a notes file may have at most %3 MiB: not imported": (
        "%1 大小为 %2 MiB；批注文件最多 %3 MiB：未导入",
        "%1 は %2 MiB です。メモファイルは最大 %3 MiB です：インポートしません"),
    '%1 is not a rankscope notes file (it needs "format": "rankscope-notes" and a "notes" list)': (
        "%1 不是 rankscope 批注文件（需要 \"format\": \"rankscope-notes\" 和 \"notes\" 列表）",
        "%1 は rankscope のメモファイルではありません（\"format\": \"rankscope-notes\" と \"notes\" の一覧が必要です）"),
    "%1 is not valid JSON (%2): not imported": ("%1 不是有效的 JSON（%2）：未导入", "%1 は有効な JSON ではありません（%2）：インポートしません"),
    "%1 nests deeper than a notes file does: not imported": ("%1 的嵌套深度超出批注文件的范围：未导入", "%1 はメモファイルとしては入れ子が深すぎます：インポートしません"),
    "%1 was written by a newer rankscope (notes format %2; this one reads up to %3): not imported": (
        "%1 由更新版本的 rankscope 写入（批注格式 %2；此版本最多读取 %3）：未导入",
        "%1 は新しい rankscope で書かれています（メモ形式 %2。このバージョンは %3 まで読めます）：インポートしません"),
    # --- issue 14 point 3: notes on the Overview name its sections (views/overview) ---
    "the verdict": ("结论", "結論"),
    "the job's summary": ("作业摘要", "ジョブの概要"),
    "the culprits": ("元凶", "原因"),
    # --- issue 16 point 3: Megatron-LM's straggler detector and timers (logs) ---
    "round trip in Megatron's straggler detector": ("Megatron straggler detector 中的往返时间", "Megatron の straggler detector の往復時間"),
    "get_batch latency in Megatron's straggler detector": ("Megatron straggler detector 中的 get_batch 延迟", "Megatron の straggler detector の get_batch 遅延"),
    "forward and backward compute time (Megatron timers)": ("前向与反向计算时间（Megatron 计时器）", "順伝播と逆伝播の計算時間（Megatron タイマー）"),
    "batch generator time (Megatron timers)": ("batch generator 时间（Megatron 计时器）", "batch generator の時間（Megatron タイマー）"),
    "communication time (Megatron timers)": ("通信时间（Megatron 计时器）", "通信時間（Megatron タイマー）"),
    "detector round trip": ("detector 往返时间", "detector 往復時間"),
    "detector get_batch": ("detector get_batch", "detector get_batch"),
    "timer compute": ("计时器计算", "タイマー計算"),
    "timer batch generator": ("计时器 batch generator", "タイマー batch generator"),
    "timer communication": ("计时器通信", "タイマー通信"),
    "Round trip (straggler detector)": ("往返时间（straggler detector）", "往復時間（straggler detector）"),
    "get_batch latency (straggler detector)": ("get_batch 延迟（straggler detector）", "get_batch 遅延（straggler detector）"),
    "Compute (Megatron timers)": ("计算（Megatron 计时器）", "計算（Megatron タイマー）"),
    "Batch generator (Megatron timers)": ("Batch generator（Megatron 计时器）", "Batch generator（Megatron タイマー）"),
    "Communication (Megatron timers)": ("通信（Megatron 计时器）", "通信（Megatron タイマー）"),
    "Per iteration, the time of the operations Megatron-LM's straggler detector times (its Rtt), as rank 0 printed it for the fastest and slowest ranks and the ranks of its Bottom/Top lists; the others have no data.": (
        "每次迭代中 Megatron-LM straggler detector 计时的操作所用时间（其 Rtt），即 rank 0 为最快和最慢的 rank 以及 Bottom/Top 列表中的 rank 打印的值；其他 rank 没有数据。",
        "反復ごとの、Megatron-LM の straggler detector が計測する処理の時間（Rtt）。rank 0 が最速・最遅のランクと Bottom/Top 一覧のランクについて出力したもので、他のランクにはデータがありません。"),
    "get_batch latency from Megatron-LM's straggler detector (its DRtt), for the fastest and slowest ranks.": (
        "Megatron-LM straggler detector 给出的 get_batch 延迟（其 DRtt），仅最快和最慢的 rank。",
        "Megatron-LM の straggler detector による get_batch 遅延（DRtt）。最速と最遅のランクのみ。"),
    "Per iteration, Megatron-LM's forward-compute and backward-compute timers of the rank (printed across ranks with --timing-log-option all).": (
        "每次迭代中该 rank 的 Megatron-LM forward-compute 与 backward-compute 计时器（使用 --timing-log-option all 按 rank 打印）。",
        "反復ごとの、そのランクの Megatron-LM の forward-compute と backward-compute タイマー（--timing-log-option all でランクごとに出力）。"),
    "Per iteration, Megatron-LM's batch-generator timer of the rank (data loading).": (
        "每次迭代中该 rank 的 Megatron-LM batch-generator 计时器（数据加载）。",
        "反復ごとの、そのランクの Megatron-LM の batch-generator タイマー（データ読み込み）。"),
    "Per iteration, Megatron-LM's timers of pipeline sends and receives and of gradient and parameter collectives: high on ranks that wait.": (
        "每次迭代中 Megatron-LM 的流水线发送/接收以及梯度和参数集合通信的计时器：在等待的 rank 上偏高。",
        "反復ごとの、Megatron-LM のパイプライン送受信と勾配・パラメータ集団通信のタイマー。待っているランクで高くなります。"),
    "rank %1 was the slowest in %2 of %3 reports of Megatron's straggler detector (round trip %4 above the fastest rank, median); the detector names only the fastest and slowest rank per report": (
        "在 Megatron straggler detector 的 %3 份报告中，rank %1 有 %2 份是最慢的（往返时间比最快的 rank 高 %4，中位数）；该 detector 每份报告只给出最快和最慢的 rank",
        "Megatron の straggler detector の %3 件のレポートのうち %2 件で rank %1 が最も遅かった（往復時間は最速のランクより %4 長い、中央値）。detector はレポートごとに最速と最遅のランクしか示しません"),
    "(No value of it in this bundle.)": ("（此 bundle 中没有它的值。）", "（このバンドルにはその値がありません。）"),
    # --- issue 16 point 4: where a heatmap cell came from ---
    "source: %1": ("来源：%1", "出典: %1"),
    "PyTorch profiler trace": ("PyTorch profiler 跟踪", "PyTorch profiler のトレース"),
    "Nsight Systems export": ("Nsight Systems 导出文件", "Nsight Systems のエクスポート"),
    "NCCL Inspector log": ("NCCL Inspector 日志", "NCCL Inspector のログ"),
    "iteration lines of the logs": ("日志中的迭代行", "ログの反復行"),
    "log events": ("日志事件", "ログイベント"),
    "Megatron straggler detector (rank 0's report)": ("Megatron straggler detector（rank 0 的报告）", "Megatron straggler detector（rank 0 のレポート）"),
    "Megatron timers across ranks": ("按 rank 打印的 Megatron 计时器", "ランクごとの Megatron タイマー"),
    # --- issue 16 point 2: communication time per GB on the bus ---
    "Communication time per GB": ("每 GB 通信时间", "GB あたりの通信時間"),
    "communication time per GB on the bus": ("总线上每 GB 的通信时间", "バス上の GB あたりの通信時間"),
    "communication per GB": ("每 GB 通信", "GB あたりの通信"),
    "Communication kernel time per GB moved on the bus (the inverse of NCCL's bus bandwidth: 2.7 ms per GB is 370 GB/s), over the collectives of known size that start in the window. It includes the wait for late peers, as NCCL's bus bandwidth does: high on ranks that wait and on slow links.": (
        "总线上每传输 1 GB 所用的通信 kernel 时间（NCCL 总线带宽的倒数：每 GB 2.7 ms 即 370 GB/s），统计窗口内开始且大小已知的集合通信。它包含等待迟到对端的时间，与 NCCL 的总线带宽一样：在等待的 rank 和慢链路上偏高。",
        "バス上で 1 GB を転送するのにかかった通信カーネル時間（NCCL のバス帯域幅の逆数: GB あたり 2.7 ms は 370 GB/s）。ウィンドウ内で始まりサイズが分かっている集団通信が対象です。NCCL のバス帯域幅と同じく遅れたピアを待つ時間を含むため、待っているランクと遅いリンクで高くなります。"),
    # --- issue 15: merged caches ---
    "Bundles, traces and logs (*.rankscope *.rscache *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;Bundle archives (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;Merged caches (*.rscache);;All files (*)": (
        "Bundle、跟踪和日志 (*.rankscope *.rscache *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;Bundle 归档 (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;合并的缓存 (*.rscache);;所有文件 (*)",
        "バンドル、トレース、ログ (*.rankscope *.rscache *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;バンドルのアーカイブ (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;マージされたキャッシュ (*.rscache);;すべてのファイル (*)"),
    "This merged cache keeps no raw trace events (merged with --keep-events none): the window's metrics are whole, its timeline is not. Merge with --keep-events all, or open the bundle, to see the events.": (
        "此合并缓存不保留原始跟踪事件（合并时使用了 --keep-events none）：窗口的指标完整，时间线不完整。要查看事件，请用 --keep-events all 重新合并，或打开 bundle。",
        "このマージされたキャッシュには生のトレースイベントがありません（--keep-events none でマージ）。ウィンドウの指標は完全ですが、タイムラインはありません。イベントを見るには --keep-events all でマージし直すか、バンドルを開いてください。"),
    "This merged cache kept the events of the suspects and a few peers only (--keep-events outliers), not of rank %1 in this window: its metrics are whole, its timeline is not. Merge with --keep-events all, or open the bundle, to see them.": (
        "此合并缓存只保留了嫌疑 rank 和少数对照 rank 的事件（--keep-events outliers），不包括 rank %1 在此窗口中的事件：其指标完整，时间线不完整。要查看它们，请用 --keep-events all 重新合并，或打开 bundle。",
        "このマージされたキャッシュは容疑ランクと少数の比較用ランクのイベントだけを保持しています（--keep-events outliers）。このウィンドウの rank %1 のイベントは含まれません。指標は完全ですが、タイムラインはありません。見るには --keep-events all でマージし直すか、バンドルを開いてください。"),
    "events left out of this merged cache": ("此合并缓存未保留这些事件", "このマージされたキャッシュには含まれないイベント"),
    "%1 were left out of this merged cache (a shard that was not merged): their records are unknown, not missing.": (
        "%1 未包含在此合并缓存中（有一个分片未被合并）：它们的记录未知，而不是缺失。",
        "%1 はこのマージされたキャッシュに含まれていません（マージされなかったシャード）。その記録は欠落ではなく不明です。"),
}

# (context, source) -> (Simplified Chinese, Japanese), for a source that needs another wording in
# one context than the table above gives it everywhere else.
IN_CONTEXT = {
    # Column headers listing rank ranges: "Rank 列表" (the dock title) reads wrong there.
    ("rankscope::SuspectsPanel", "Ranks"): ("Rank", "ランク"),
    ("StragglersPanel", "Ranks"): ("Rank", "ランク"),
    # Core messages: sentences joined without a space in Chinese and Japanese.
    ("text.sentences", "%1 %2"): ("%1%2", "%1%2"),
    # A sentence's first rank: lower case like every other "rank" in Chinese.
    ("collective.ranks.oneStart", "Rank %1"): ("rank %1", "ランク %1"),
    # An operation of a process group ("all_reduce #42 of pg 0"), not a count out of a total.
    ("collective.opOfGroup", "%1 of %2"): ("%2 的 %1", "%2 の %1"),
    # A group inside a sentence: half-width brackets, so the space before "的"/"の" reads right.
    ("collective.group.named", "pg %1 (%2)"): ("pg %1 (%2)", "pg %1 (%2)"),
    # A log suspect's rank at the start of the summary: lower case like every other "rank".
    ("logs.rank.start", "Rank %1"): ("rank %1", "ランク %1"),
}


# Q_OBJECT classes in namespace rankscope translate under their qualified class name. update.sh
# gives lupdate the repository root as include path so it sees the namespace in the headers; if it
# does not (or a .cpp says `using namespace rankscope;`), lupdate files them under the bare name.
# Classes with Q_DECLARE_TR_FUNCTIONS(Name) (HeatmapText, DurationText, TimelineStyle, ...)
# translate under the bare name they give and must not be listed here.
QUALIFIED = {"FlameGraphWidget", "FlameGraphView", "FlameGraphBreadcrumb", "SuspectsPanel",
             "RankListPanel", "HeatmapView", "HeatmapWidget", "TraceTimelineWidget",
             "OpBreakdownModel", "OpBreakdownTable", "RankDetailView", "LogsView", "LogFilterBar",
             "LogLineView", "LogTemplateModel", "LogTemplateTable", "LogTemplateDelegate",
             "LogTemplateFilterProxy", "DiffView", "DiffSummaryPanel", "DiffChipDelegate",
             "StackComparisonView", "StackChangeList", "StackChangeModel", "LogTemplateDiffModel",
             "LogTemplateDiffTable", "OpDiffModel", "OpDiffTable", "SignificantRowFilter",
             "StepTimeDistributionWidget", "CoverageText", "CollectiveStripWidget",
             "CollectiveFindingsPanel", "CollectivesView"}

PLACEHOLDER = re.compile(r"%(?:L?\d+|n)")
TAG = re.compile(r"<[^>]+>")


def qualify_contexts(root):
    merged = {}
    for context in list(root.findall("context")):
        name = context.find("name")
        if name.text in QUALIFIED:
            name.text = "rankscope::" + name.text
        if name.text in merged:  # both spellings present: keep one context
            for message in context.findall("message"):
                merged[name.text].append(message)
            root.remove(context)
        else:
            merged[name.text] = context


def check_entry(source, text):
    """A translation must keep the source's placeholders and rich-text tags, or arg() and the
    label's HTML break at run time."""
    problems = []
    if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(text)):
        problems.append("placeholders differ")
    if sorted(TAG.findall(source)) != sorted(TAG.findall(text)):
        problems.append("tags differ")
    return problems


def check_table():
    bad = []
    for key, texts in list(T.items()) + list(IN_CONTEXT.items()):
        source = key[1] if isinstance(key, tuple) else key
        for language, text in zip(("zh_CN", "ja"), texts):
            for problem in check_entry(source, text):
                bad.append(f"{language}: {source!r} -> {text!r}: {problem}")
    return bad


def fill(path, column):
    tree = ET.parse(path)
    qualify_contexts(tree.getroot())
    filled = 0
    missing = []
    for context in tree.getroot().iter("context"):
        context_name = context.find("name").text
        for message in context.iter("message"):
            source = message.find("source").text or ""
            translation = message.find("translation")
            entry = IN_CONTEXT.get((context_name, source)) or T.get(source)
            if entry is None:
                if translation.get("type") == "unfinished":
                    missing.append(f"{context_name}: {source!r}")
                continue
            text = entry[column]
            translation.attrib.pop("type", None)
            if message.get("numerus") == "yes":
                for form in translation.findall("numerusform"):
                    translation.remove(form)
                translation.text = None
                form = ET.SubElement(translation, "numerusform")  # one plural form in zh and ja
                form.text = text
            else:
                translation.text = text
            filled += 1
    tree.write(path, encoding="utf-8", xml_declaration=True)
    print(f"{path}: {filled} translated, {len(missing)} without a translation")
    for line in missing:
        print(f"  missing: {line}", file=sys.stderr)
    return missing


if __name__ == "__main__":
    base = sys.argv[1] if len(sys.argv) > 1 else "translations"
    problems = check_table()
    for line in problems:
        print(f"bad table entry: {line}", file=sys.stderr)
    missing = fill(f"{base}/rankscope_zh_CN.ts", 0) + fill(f"{base}/rankscope_ja.ts", 1)
    # Non-zero so update.sh reports it: a new source needs a line in the table above.
    sys.exit(1 if problems or missing else 0)
