<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>BaselineComparison</name>
    <message>
        <source>Cannot open the baseline %1: %2</source>
        <translation>无法打开基线 %1：%2</translation>
    </message>
</context>
<context>
    <name>BundleSession</name>
    <message>
        <source>cannot read the trace windows from the cache</source>
        <translation>无法从缓存读取追踪时间窗</translation>
    </message>
    <message>
        <source>cannot read the rank's events from the cache</source>
        <translation>无法从缓存读取该 rank 的事件</translation>
    </message>
    <message>
        <source>The cache was damaged; rebuilding it from the bundle</source>
        <translation>缓存已损坏；正在根据作业包重建</translation>
    </message>
</context>
<context>
    <name>CollectiveCellStyle</name>
    <message>
        <source>no entry</source>
        <translation>无条目</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>state unknown</source>
        <translation>状态未知</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>已入队</translation>
    </message>
    <message>
        <source>started</source>
        <translation>已开始</translation>
    </message>
    <message>
        <source>no record</source>
        <translation>无记录</translation>
    </message>
    <message>
        <source>missing (behind)</source>
        <translation>缺失（落后）</translation>
    </message>
    <message>
        <source>mismatched</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>The rank has no entry at this sequence number (before its first recorded entry, or beyond every member's progress).</source>
        <translation>该 rank 在此序号没有条目（早于其第一条记录，或超出所有成员的进度）。</translation>
    </message>
    <message>
        <source>The rank completed this collective.</source>
        <translation>该 rank 已完成此集合通信。</translation>
    </message>
    <message>
        <source>The rank recorded this collective but its source does not say its state.</source>
        <translation>该 rank 记录了此集合通信，但来源未说明其状态。</translation>
    </message>
    <message>
        <source>The rank enqueued this collective; it was not seen starting.</source>
        <translation>该 rank 已将此集合通信入队，但未见其开始。</translation>
    </message>
    <message>
        <source>The collective started on the rank's GPU and was not seen completing.</source>
        <translation>此集合通信已在该 rank 的 GPU 上开始，但未见其完成。</translation>
    </message>
    <message>
        <source>A member of the group that left no record at all (no dump, no log line): often the rank that hung.</source>
        <translation>该组中完全没有留下记录的成员（无转储、无日志行）：往往就是挂起的 rank。</translation>
    </message>
    <message>
        <source>The rank never reached this sequence number while other members of the group are in it: it is behind.</source>
        <translation>组内其他成员已处于此序号，而该 rank 从未到达：它落后了。</translation>
    </message>
    <message>
        <source>The rank runs a different op, sizes or dtypes than the other members at this sequence number.</source>
        <translation>在此序号上，该 rank 运行的操作、大小或数据类型与其他成员不同。</translation>
    </message>
</context>
<context>
    <name>CollectiveResults</name>
    <message>
        <source>Reading the collectives</source>
        <translation>正在读取集合通信</translation>
    </message>
    <message>
        <source>Analysing the collectives</source>
        <translation>正在分析集合通信</translation>
    </message>
    <message>
        <source>Lining up the sequences</source>
        <translation>正在对齐序号</translation>
    </message>
    <message>
        <source>Collectives ready</source>
        <translation>集合通信已就绪</translation>
    </message>
</context>
<context>
    <name>CollectiveStripPainter</name>
    <message>
        <source>Up to %1 ranks per pixel row: the worst state is shown.</source>
        <translation>每个像素行最多 %1 个 rank：显示最差的状态。</translation>
    </message>
    <message>
        <source>One row per rank.</source>
        <translation>每个 rank 一行。</translation>
    </message>
    <message>
        <source>Marked: %1, the first sequence where the members disagree.</source>
        <translation>标记：%1，成员首次不一致的序号。</translation>
    </message>
    <message>
        <source>Marked: %1, the furthest sequence any member reached.</source>
        <translation>标记：%1，任一成员到达的最远序号。</translation>
    </message>
    <message>
        <source>The ranks the findings name are on top, then every member by how far it got.</source>
        <translation>发现中点名的 rank 在最上方，其余成员按进度排列。</translation>
    </message>
    <message>
        <source>This group has no entries to line up.</source>
        <translation>此组没有可对齐的条目。</translation>
    </message>
    <message>
        <source>No collective records.</source>
        <translation>没有集合通信记录。</translation>
    </message>
    <message>
        <source>Zoomed in: the wheel zooms the sequences, Ctrl+wheel the ranks, Home shows everything.</source>
        <translation>已放大：滚轮缩放序列，Ctrl+滚轮缩放 rank，Home 显示全部。</translation>
    </message>
</context>
<context>
    <name>CollectiveText</name>
    <message>
        <source>behind</source>
        <translation>落后</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>no dump</source>
        <translation>无转储</translation>
    </message>
    <message>
        <source>state unknown</source>
        <translation>状态未知</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>已入队</translation>
    </message>
    <message>
        <source>started</source>
        <translation>已开始</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Flight Recorder dump</source>
        <translation>Flight Recorder 转储</translation>
    </message>
    <message>
        <source>NCCL watchdog timeout</source>
        <translation>NCCL watchdog 超时</translation>
    </message>
    <message>
        <source>NCCL progress line</source>
        <translation>NCCL 进度行</translation>
    </message>
    <message>
        <source>desync report</source>
        <translation>desync 报告</translation>
    </message>
    <message>
        <source>Flight Recorder analyser</source>
        <translation>Flight Recorder 分析器</translation>
    </message>
    <message>
        <source>Horovod stall inspector</source>
        <translation>Horovod stall inspector</translation>
    </message>
    <message>
        <source>NCCL RAS report</source>
        <translation>NCCL RAS 报告</translation>
    </message>
    <message>
        <source>profiler trace</source>
        <translation>性能跟踪</translation>
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
        <translation>多数 rank 阻塞于此</translation>
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
        <translation>未记录</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>%1, byte %2</source>
        <translation>%1，字节 %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source> (rank %1 in the group)</source>
        <translation>（组内 rank %1）</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>retired (timed out)</source>
        <translation>已退役（超时）</translation>
    </message>
    <message>
        <source>Profiling name</source>
        <translation>Profiling 名称</translation>
    </message>
    <message>
        <source>Peer</source>
        <translation>对端</translation>
    </message>
    <message>
        <source>rank %1 in the group</source>
        <translation>组内 rank %1</translation>
    </message>
    <message>
        <source>%1 elements</source>
        <translation>%1 个元素</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Enqueued</source>
        <translation>入队</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Ran for</source>
        <translation>运行时长</translation>
    </message>
    <message>
        <source>%1 ms before timing out</source>
        <translation>超时前运行了 %1 ms</translation>
    </message>
    <message>
        <source>Thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>No call site: the record has no frames.</source>
        <translation>无调用位置：该记录没有栈帧。</translation>
    </message>
    <message>
        <source>Call site</source>
        <translation>调用位置</translation>
    </message>
    <message>
        <source>Rank %1 reached %2.</source>
        <translation>Rank %1 到达了 %2。</translation>
    </message>
    <message>
        <source>Rank %1 left no record of this group.</source>
        <translation>Rank %1 没有留下此组的任何记录。</translation>
    </message>
    <message>
        <source>Mismatched: other members run a different op, sizes or dtypes at %1.</source>
        <translation>不一致：其他成员在 %1 运行不同的操作、大小或数据类型。</translation>
    </message>
    <message>
        <source>Mismatched: most members run %1 at %2.</source>
        <translation>不一致：多数成员在 %2 运行 %1。</translation>
    </message>
    <message>
        <source>Rank %1 left no record of %2 (no dump, no log line).</source>
        <translation>Rank %1 没有留下 %2 的任何记录（无转储、无日志行）。</translation>
    </message>
    <message>
        <source>Rank %1 never reached %2, which other members of the group are in.</source>
        <translation>Rank %1 从未到达 %2，而组内其他成员已处于其中。</translation>
    </message>
    <message>
        <source>Rank %1 never reached %2 %3, which other members of the group are in.</source>
        <translation>Rank %1 从未到达 %2 %3，而组内其他成员已处于其中。</translation>
    </message>
    <message>
        <source>Its last entry is %1 %2, %3.</source>
        <translation>其最后一个条目是 %1 %2，%3。</translation>
    </message>
    <message>
        <source>Rank %1 completed %2 (said by its progress status; the entry is older than its dump keeps).</source>
        <translation>Rank %1 已完成 %2（来自其进度状态；该条目早于其转储保留的范围）。</translation>
    </message>
    <message>
        <source>Rank %1 has no entry at %2.</source>
        <translation>Rank %1 在 %2 没有条目。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank</source>
        <translation><numerusform>%n 个 rank</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation><numerusform>%n 个 rank</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more frame</source>
        <translation><numerusform>… 另有 %n 个栈帧</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more frames</source>
        <translation><numerusform>… 另有 %n 个栈帧</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>This pixel row holds %n ranks: %1; the worst state is shown.</source>
        <translation><numerusform>此像素行包含 %n 个 rank：%1；显示最差的状态。</numerusform></translation>
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
        <translation>已失败</translation>
    </message>
    <message>
        <source>What other tools and logs say about it</source>
        <translation>其他工具和日志对此的说法</translation>
    </message>
    <message>
        <source>What the tool's report says (no dump or log line shows it first-hand)</source>
        <translation>该工具报告的内容（没有任何转储或日志行直接显示这一点）</translation>
    </message>
</context>
<context>
    <name>rankscope::CoverageText</name>
    <message>
        <source>stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>traces</source>
        <translation>性能跟踪</translation>
    </message>
    <message>
        <source>logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>flight recorder dumps</source>
        <translation>Flight Recorder 转储</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>job.json</source>
        <translation>job.json</translation>
    </message>
    <message>
        <source>distributedInfo.world_size in the traces</source>
        <translation>来自跟踪的 distributedInfo.world_size</translation>
    </message>
    <message>
        <source>stated in the logs</source>
        <translation>日志中给出</translation>
    </message>
    <message>
        <source>highest rank seen + 1</source>
        <translation>所见最大 rank + 1</translation>
    </message>
    <message>
        <source>from file paths</source>
        <translation>来自文件路径</translation>
    </message>
    <message>
        <source>one file, taken as rank 0</source>
        <translation>单个文件，视为 rank 0</translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>rank %1：%2</translation>
    </message>
    <message>
        <source>ranks %1: %2</source>
        <translation>rank %1：%2</translation>
    </message>
    <message>
        <source>no stacks in this bundle</source>
        <translation>此作业包没有调用栈</translation>
    </message>
    <message>
        <source>no traces in this bundle</source>
        <translation>此作业包没有性能跟踪</translation>
    </message>
    <message>
        <source>no logs in this bundle</source>
        <translation>此作业包没有日志</translation>
    </message>
    <message>
        <source>no stacks or traces in this bundle</source>
        <translation>此作业包没有调用栈和性能跟踪</translation>
    </message>
    <message>
        <source>no stacks or logs in this bundle</source>
        <translation>此作业包没有调用栈和日志</translation>
    </message>
    <message>
        <source>no traces or logs in this bundle</source>
        <translation>此作业包没有性能跟踪和日志</translation>
    </message>
    <message>
        <source>no stacks, traces or logs in this bundle</source>
        <translation>此作业包没有调用栈、性能跟踪和日志</translation>
    </message>
    <message>
        <source>world size %1</source>
        <translation>world size %1</translation>
    </message>
    <message>
        <source>world size %1 (%2)</source>
        <translation>world size %1（%2）</translation>
    </message>
</context>
<context>
    <name>DiffText</name>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>more</source>
        <translation>增多</translation>
    </message>
    <message>
        <source>less</source>
        <translation>减少</translation>
    </message>
    <message>
        <source>same</source>
        <translation>不变</translation>
    </message>
    <message>
        <source>The baseline never logged this template.</source>
        <translation>基线从未记录过此模板。</translation>
    </message>
    <message>
        <source>The baseline logged this template; the target never does.</source>
        <translation>基线记录过此模板；目标运行从未记录。</translation>
    </message>
    <message>
        <source>Significantly more frequent in the target, per rank per iteration.</source>
        <translation>按每 rank 每迭代计，在目标运行中明显更频繁。</translation>
    </message>
    <message>
        <source>Significantly less frequent in the target, per rank per iteration.</source>
        <translation>按每 rank 每迭代计，在目标运行中明显更少。</translation>
    </message>
    <message>
        <source>Both runs log it at a comparable rate.</source>
        <translation>两次运行记录它的频率相当。</translation>
    </message>
    <message>
        <source>slower</source>
        <translation>变慢</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>变快</translation>
    </message>
    <message>
        <source>/rank/iter</source>
        <translation>/rank/迭代</translation>
    </message>
    <message>
        <source>/rank/h</source>
        <translation>/rank/小时</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>/iter</source>
        <translation>/迭代</translation>
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
        <translation>按每 rank 每小时计，在目标运行中明显更频繁。</translation>
    </message>
    <message>
        <source>Significantly less frequent in the target, per rank-hour.</source>
        <translation>按每 rank 每小时计，在目标运行中明显更少。</translation>
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
        <translation>不适用</translation>
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
        <translation>未加载调用栈。</translation>
    </message>
    <message>
        <source>No stack samples for the chosen threads and process type.</source>
        <translation>所选线程和进程类型没有调用栈采样。</translation>
    </message>
    <message numerus="yes">
        <source>search: %n frame</source>
        <translation><numerusform>搜索：%n 个栈帧</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>search: %n frames</source>
        <translation><numerusform>搜索：%n 个栈帧</numerusform></translation>
    </message>
    <message>
        <source>on ranks %1</source>
        <translation>位于 rank %1</translation>
    </message>
    <message>
        <source>rank %1 highlighted</source>
        <translation>已高亮 rank %1</translation>
    </message>
    <message>
        <source>narrower than a pixel</source>
        <translation>窄于一个像素</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>same stack class:</source>
        <translation>同一调用栈等价类：</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>全部 %1</translation>
    </message>
    <message>
        <source>1 rank</source>
        <translation>1 个 rank</translation>
    </message>
    <message>
        <source>ranks that have the frame:</source>
        <translation>拥有该栈帧的 rank：</translation>
    </message>
    <message>
        <source>gained ranks</source>
        <translation>rank 增加</translation>
    </message>
    <message>
        <source>lost ranks</source>
        <translation>rank 减少</translation>
    </message>
    <message>
        <source>%1 vs %2:</source>
        <translation>%1 相对于 %2：</translation>
    </message>
    <message>
        <source>ranks %1 highlighted</source>
        <translation>已高亮 rank %1</translation>
    </message>
    <message>
        <source>widened to stay readable</source>
        <translation>已加宽以便阅读</translation>
    </message>
</context>
<context>
    <name>FlameGraphText</name>
    <message>
        <source>the only rank</source>
        <translation>唯一的 rank</translation>
    </message>
    <message numerus="yes">
        <source>all %n ranks</source>
        <translation><numerusform>全部 %n 个 rank</numerusform></translation>
    </message>
    <message>
        <source>has: %1 | missing: %2</source>
        <translation>包含：%1 | 缺失：%2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation><numerusform>%n 个 rank：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation><numerusform>%n 个 rank：%1</numerusform></translation>
    </message>
    <message>
        <source>has</source>
        <translation>包含</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>self samples</source>
        <translation>自身采样</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n frame narrower than a pixel&lt;/b&gt;</source>
        <translation><numerusform>&lt;b&gt;%n 个窄于一个像素的栈帧&lt;/b&gt;</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n frames narrower than a pixel&lt;/b&gt;</source>
        <translation><numerusform>&lt;b&gt;%n 个窄于一个像素的栈帧&lt;/b&gt;</numerusform></translation>
    </message>
    <message>
        <source>widest: %1 (%2)</source>
        <translation>最宽：%1（%2）</translation>
    </message>
    <message>
        <source>Double-click to zoom in.</source>
        <translation>双击放大。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank with data</source>
        <translation><numerusform>%n 个 rank 有数据</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks with data</source>
        <translation><numerusform>%n 个 rank 有数据</numerusform></translation>
    </message>
    <message>
        <source>no data: %1</source>
        <translation>无数据：%1</translation>
    </message>
    <message>
        <source>width = ranks</source>
        <translation>宽度 = rank 数</translation>
    </message>
    <message>
        <source>width = samples</source>
        <translation>宽度 = 采样数</translation>
    </message>
    <message>
        <source>threads: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n frame</source>
        <translation><numerusform>%n 个栈帧</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n frames</source>
        <translation><numerusform>%n 个栈帧</numerusform></translation>
    </message>
    <message>
        <source>(the target gained ranks here)</source>
        <translation>（目标运行在此处增加了 rank）</translation>
    </message>
    <message>
        <source>(the target lost ranks here)</source>
        <translation>（目标运行在此处减少了 rank）</translation>
    </message>
    <message>
        <source>%1 of %2 ranks (%3)</source>
        <translation>%2 个 rank 中的 %1 个（%3）</translation>
    </message>
    <message>
        <source>change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>±0 points</source>
        <translation>±0 个百分点</translation>
    </message>
    <message>
        <source>+%1 points</source>
        <translation>+%1 个百分点</translation>
    </message>
    <message>
        <source>−%1 points</source>
        <translation>−%1 个百分点</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标运行</translation>
    </message>
    <message>
        <source>only in %1 (gone from %2)</source>
        <translation>仅在 %1 中（%2 中已消失）</translation>
    </message>
    <message>
        <source>only in %1 (new)</source>
        <translation>仅在 %1 中（新增）</translation>
    </message>
    <message>
        <source>only in %1 (gone)</source>
        <translation>仅在 %1 中（已消失）</translation>
    </message>
    <message>
        <source>%1 of %2 ranks</source>
        <translation>%1/%2 个 rank</translation>
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
        <translation>%1：%3 个 rank 中的 %2 个（%4）；%5：%7 个中的 %6 个（%8）；%9</translation>
    </message>
    <message>
        <source>widths: %1, %2 ranks  ·  colour: share of each run's ranks with data; full = %3 pts</source>
        <translation>宽度：%1，%2 个 rank  ·  颜色：占各运行有数据 rank 的比例之差；最深色 = %3 个百分点</translation>
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
        <translation>无</translation>
    </message>
    <message>
        <source>Ranks through this frame (double-click to highlight):</source>
        <translation>经过此栈帧的 rank（双击高亮）：</translation>
    </message>
    <message>
        <source>Click a frame in the flame graph to see which ranks have it.</source>
        <translation>点击火焰图中的栈帧，查看哪些 rank 经过它。</translation>
    </message>
    <message>
        <source>has: %1</source>
        <translation>包含：%1</translation>
    </message>
    <message>
        <source>missing: %1</source>
        <translation>缺失：%1</translation>
    </message>
    <message>
        <source>no data: %1</source>
        <translation>无数据：%1</translation>
    </message>
    <message>
        <source>samples: %1 (%2 ending here)</source>
        <translation>采样：%1（%2 个止于此）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>HeadlessExport</name>
    <message>
        <source>no bundle given (name one, or use --demo)</source>
        <translation>未指定作业包（请指定一个，或使用 --demo）</translation>
    </message>
    <message>
        <source>--out must name a .png or .svg file</source>
        <translation>--out 必须指定 .png 或 .svg 文件</translation>
    </message>
    <message>
        <source>unknown frame identity "%1" (function, file or line)</source>
        <translation>未知的栈帧标识“%1”（function、file 或 line）</translation>
    </message>
    <message>
        <source>the bundle has no profiler traces (traces/ folder) to draw a heatmap of</source>
        <translation>作业包中没有可绘制热力图的性能分析追踪（traces/ 文件夹）</translation>
    </message>
    <message>
        <source>unknown metric "%1"</source>
        <translation>未知的指标“%1”</translation>
    </message>
    <message>
        <source>Heatmap: %1 by %2</source>
        <translation>热力图：%1（按%2）</translation>
    </message>
    <message>
        <source>the diff view needs a baseline: --baseline BUNDLE, or "baseline" in the bundle's job.json</source>
        <translation>对比视图需要基线：使用 --baseline BUNDLE，或在作业包的 job.json 中设置 "baseline"</translation>
    </message>
    <message>
        <source>the bundle has no profiler traces (traces/ folder) to draw a heatmap of, and its logs cannot tell stragglers: %1</source>
        <translation>作业包中没有可绘制热力图的性能分析追踪（traces/ 文件夹），其日志也无法判断掉队者：%1</translation>
    </message>
    <message>
        <source>the bundle has no collective records (Flight Recorder dumps, NCCL watchdog or desync lines, trace collectives) to draw</source>
        <translation>此作业包没有可绘制的集合通信记录（Flight Recorder 转储、NCCL watchdog 或 desync 日志行、跟踪中的集合通信）</translation>
    </message>
    <message>
        <source>unknown view "%1" (available: flamegraph, heatmap, diff, collectives)</source>
        <translation>未知视图 "%1"（可用：flamegraph、heatmap、diff、collectives）</translation>
    </message>
</context>
<context>
    <name>HeatmapText</name>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>slower than peers</source>
        <translation>慢于同组 rank</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>无定论</translation>
    </message>
    <message>
        <source>stuck in stack samples</source>
        <translation>调用栈采样显示卡住</translation>
    </message>
    <message>
        <source>data %1–%2 ms</source>
        <translation>数据 %1–%2 ms</translation>
    </message>
    <message>
        <source>No trace windows to show.</source>
        <translation>没有可显示的追踪时间窗。</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步耗时</translation>
    </message>
    <message>
        <source>Compute (kernel busy)</source>
        <translation>计算（kernel 忙碌）</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>暴露通信</translation>
    </message>
    <message>
        <source>Collective wait</source>
        <translation>集合通信等待</translation>
    </message>
    <message>
        <source>Communication transfer</source>
        <translation>通信传输</translation>
    </message>
    <message>
        <source>GPU idle</source>
        <translation>GPU 空闲</translation>
    </message>
    <message>
        <source>CPU op time</source>
        <translation>CPU 算子耗时</translation>
    </message>
    <message>
        <source>Kernel launch gaps</source>
        <translation>kernel 启动间隙</translation>
    </message>
    <message>
        <source>Unknown metric</source>
        <translation>未知指标</translation>
    </message>
    <message>
        <source>Length of the iteration (ProfilerStep), or of the time bin while an iteration ran.</source>
        <translation>迭代（ProfilerStep）的时长，或迭代运行期间该时间分箱的时长。</translation>
    </message>
    <message>
        <source>Time at least one compute kernel, memcpy or memset ran on the rank's GPU.</source>
        <translation>该 rank 的 GPU 上至少有一个计算 kernel、memcpy 或 memset 在运行的时间。</translation>
    </message>
    <message>
        <source>Time at least one communication kernel (NCCL, RCCL) ran.</source>
        <translation>至少有一个通信 kernel（NCCL、RCCL）在运行的时间。</translation>
    </message>
    <message>
        <source>Communication not hidden behind compute.</source>
        <translation>未被计算掩盖的通信。</translation>
    </message>
    <message>
        <source>Time inside collectives before the last peer arrived: high on ranks that wait for a late one.</source>
        <translation>最后一个同组 rank 到达之前处于集合通信中的时间：等待迟到者的 rank 上该值较高。</translation>
    </message>
    <message>
        <source>Collective time once every peer had arrived: slow links show here.</source>
        <translation>所有同组 rank 都到达之后的集合通信时间：慢速链路会体现在这里。</translation>
    </message>
    <message>
        <source>Time no GPU work ran.</source>
        <translation>没有任何 GPU 工作在运行的时间。</translation>
    </message>
    <message>
        <source>Time inside CPU operators.</source>
        <translation>处于 CPU 算子中的时间。</translation>
    </message>
    <message>
        <source>GPU idle time spent waiting for the host to launch the next kernel.</source>
        <translation>GPU 等待主机启动下一个 kernel 的空闲时间。</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>%1 group</source>
        <translation>%1 组</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>unknown node</source>
        <translation>未知节点</translation>
    </message>
    <message>
        <source>unknown role</source>
        <translation>未知角色</translation>
    </message>
    <message>
        <source>no %1 group</source>
        <translation>无 %1 组</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>time bin %1</source>
        <translation>时间分箱 %1</translation>
    </message>
    <message>
        <source>time %1 s – %2 s (bin %3)</source>
        <translation>时间 %1 秒 – %2 秒（分箱 %3）</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n rank</source>
        <translation><numerusform>%n 个 rank</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation><numerusform>%n 个 rank</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n iteration</source>
        <translation><numerusform>%n 次迭代</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n iterations</source>
        <translation><numerusform>%n 次迭代</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n time bin</source>
        <translation><numerusform>%n 个时间分箱</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n time bins</source>
        <translation><numerusform>%n 个时间分箱</numerusform></translation>
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
        <translation>%1 · 每个像素内各单元格的%2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>stuck: its stack samples do not change</source>
        <translation>卡住：其调用栈采样没有变化</translation>
    </message>
    <message>
        <source>%1: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>%1：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>peer median: %1</source>
        <translation>同组中位数：%1</translation>
    </message>
    <message>
        <source>deviation: %1%2%</source>
        <translation>偏差：%1%2%</translation>
    </message>
    <message>
        <source>outlier: slower than its peers</source>
        <translation>离群：慢于同组 rank</translation>
    </message>
    <message>
        <source>much lower than its peers</source>
        <translation>远低于同组 rank</translation>
    </message>
    <message>
        <source>inconclusive: its group had no healthy majority in this window</source>
        <translation>无定论：该组在此时间窗内没有健康的多数</translation>
    </message>
    <message>
        <source>This pixel holds %1 × %2 cells (ranks %3…%4, %5 %6–%7); shown: the %8, described here: the highest cell.</source>
        <translation>此像素包含 %1 × %2 个单元格（rank %3…%4，%5 %6–%7）；显示的是%8，此处描述的是最高的单元格。</translation>
    </message>
    <message>
        <source>data %1–%2 events</source>
        <translation>数据 %1–%2 个事件</translation>
    </message>
    <message>
        <source>Log warnings and errors</source>
        <translation>日志警告和错误</translation>
    </message>
    <message>
        <source>Warning, error and fatal log events of the rank in the window.</source>
        <translation>该 rank 在此时间窗内的警告、错误和致命级别日志事件。</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation><numerusform>%n 个事件</numerusform></translation>
    </message>
    <message>
        <source>%1 (events)</source>
        <translation>%1（事件数）</translation>
    </message>
    <message>
        <source>blue: lower in the target · red: higher in the target</source>
        <translation>蓝：目标运行中更低 · 红：目标运行中更高</translation>
    </message>
    <message>
        <source>missing in one run</source>
        <translation>某一运行中缺失</translation>
    </message>
    <message>
        <source>changes from %1 to %2 events</source>
        <translation>变化 %1 至 %2 个事件</translation>
    </message>
    <message>
        <source>changes from %1 to %2 ms</source>
        <translation>变化 %1 至 %2 ms</translation>
    </message>
    <message>
        <source>%1: target − baseline (events)</source>
        <translation>%1：目标运行 − 基线（事件数）</translation>
    </message>
    <message>
        <source>%1: target − baseline (ms)</source>
        <translation>%1：目标运行 − 基线（ms）</translation>
    </message>
    <message>
        <source>%1 · mean of the cells in each pixel</source>
        <translation>%1 · 每个像素内各单元格的平均值</translation>
    </message>
    <message>
        <source>%1 · largest change (%2) of the cells in each pixel</source>
        <translation>%1 · 每个像素内各单元格的最大变化（%2）</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1, target − baseline: &lt;b&gt;no value&lt;/b&gt; (this rank or window is missing in one of the runs)</source>
        <translation>%1，目标运行 − 基线：&lt;b&gt;无值&lt;/b&gt;（该 rank 或时间窗在其中一次运行中缺失）</translation>
    </message>
    <message>
        <source>%1, target − baseline: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>%1，目标运行 − 基线：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>This pixel holds %1 × %2 cells; described here: the largest change.</source>
        <translation>此像素包含 %1 × %2 个单元格；此处描述的是变化最大的单元格。</translation>
    </message>
    <message>
        <source>changes from %1 to %2 collectives</source>
        <translation>变化范围 %1 至 %2 次集合通信</translation>
    </message>
    <message>
        <source>data %1–%2 collectives</source>
        <translation>数据 %1–%2 次集合通信</translation>
    </message>
    <message>
        <source>Wait caused</source>
        <translation>造成的等待</translation>
    </message>
    <message>
        <source>Last arrivals at collectives</source>
        <translation>集合通信中最后到达</translation>
    </message>
    <message>
        <source>At the collectives this rank arrived at clearly last, how long the other members waited for it (their mean): high on the rank the others wait for, the cause rather than its victims.</source>
        <translation>在该 rank 明显最后到达的集合通信中，其他成员为它等待的时间（平均值）：在让别人等待的 rank 上偏高，指向原因而非受害者。</translation>
    </message>
    <message>
        <source>Collectives this rank arrived at clearly last (by more than the clocks' uncertainty).</source>
        <translation>该 rank 明显最后到达（超过时钟不确定度）的集合通信数。</translation>
    </message>
    <message numerus="yes">
        <source>%n collective</source>
        <translation><numerusform>%n 次集合通信</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n collectives</source>
        <translation><numerusform>%n 次集合通信</numerusform></translation>
    </message>
    <message>
        <source>%1 (collectives)</source>
        <translation>%1（集合通信数）</translation>
    </message>
    <message>
        <source>%1: target − baseline (collectives)</source>
        <translation>%1：目标 − 基线（集合通信数）</translation>
    </message>
    <message>
        <source>whole run: last to arrive at %1 of its %2 collectives (%3%); the others waited %4 for it</source>
        <translation>整个运行：在其 %2 次集合通信中有 %1 次最后到达（%3%）；其他成员共为它等待 %4</translation>
    </message>
    <message>
        <source>clock alignment poor (uncertainty %1): waits and arrival order of this rank are not reliable</source>
        <translation>时钟对齐差（不确定度 %1）：该 rank 的等待与到达顺序不可靠</translation>
    </message>
    <message>
        <source>clock alignment fair (uncertainty %1): small differences in arrival are not meaningful</source>
        <translation>时钟对齐一般（不确定度 %1）：到达时间的细小差异没有意义</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>cells from %1 to %2 against the median</source>
        <translation>单元格相对中位数 %1 至 %2</translation>
    </message>
    <message>
        <source>%1 against the peer median</source>
        <translation>%1（相对同组中位数）</translation>
    </message>
    <message>
        <source>%1 collectives</source>
        <translation>%1 次集合通信</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 个事件</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>white: at the peer median · blue: below it (faster) · red: above it (slower), by ratio</source>
        <translation>白：等于同组中位数 · 蓝：低于（更快）· 红：高于（更慢），按比值</translation>
    </message>
    <message>
        <source>white: at the peer median · blue: below it · red: above it, by difference (most peers are at 0)</source>
        <translation>白：等于同组中位数 · 蓝：低于 · 红：高于，按差值（多数同组为 0）</translation>
    </message>
    <message>
        <source>the baseline has no iterations</source>
        <translation>基线没有迭代</translation>
    </message>
    <message>
        <source>the baseline has no time bins</source>
        <translation>基线没有时间分箱</translation>
    </message>
    <message>
        <source>the baseline has no ranks in common with this run: ranks %1 (baseline) vs %2 (this run)</source>
        <translation>基线与本次运行没有共同的 Rank：%1（基线）对 %2（本次运行）</translation>
    </message>
    <message>
        <source>the baseline has no iterations in common with this run: %1–%2 (baseline) vs %3–%4 (this run)</source>
        <translation>基线与本次运行没有共同的迭代：%1–%2（基线）对 %3–%4（本次运行）</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>vs peer median</source>
        <translation>相对同组中位数</translation>
    </message>
    <message>
        <source>Against the peer median for the metrics measured against other ranks (collective wait, wait caused, last arrivals); the value for the others.</source>
        <translation>对相对其他 Rank 度量的指标（集合通信等待、造成的等待、最后到达）按同组中位数着色；其他指标按数值。</translation>
    </message>
    <message>
        <source>The metric's value, pale yellow (low) to dark red (high).</source>
        <translation>指标数值：浅黄（低）到深红（高）。</translation>
    </message>
    <message>
        <source>Each cell against the median of its peers in the same window: white at the median, blue below, red above, equally strong for ×2 and ×0.5.</source>
        <translation>每个单元格与同一窗口内同组的中位数比较：等于中位数为白，低于为蓝，高于为红，×2 与 ×0.5 同样醒目。</translation>
    </message>
    <message>
        <source>Round trip (straggler detector)</source>
        <translation>往返时间（straggler detector）</translation>
    </message>
    <message>
        <source>get_batch latency (straggler detector)</source>
        <translation>get_batch 延迟（straggler detector）</translation>
    </message>
    <message>
        <source>Compute (Megatron timers)</source>
        <translation>计算（Megatron 计时器）</translation>
    </message>
    <message>
        <source>Batch generator (Megatron timers)</source>
        <translation>Batch generator（Megatron 计时器）</translation>
    </message>
    <message>
        <source>Communication (Megatron timers)</source>
        <translation>通信（Megatron 计时器）</translation>
    </message>
    <message>
        <source>Per iteration, the time of the operations Megatron-LM's straggler detector times (its Rtt), as rank 0 printed it for the fastest and slowest ranks and the ranks of its Bottom/Top lists; the others have no data.</source>
        <translation>每次迭代中 Megatron-LM straggler detector 计时的操作所用时间（其 Rtt），即 rank 0 为最快和最慢的 rank 以及 Bottom/Top 列表中的 rank 打印的值；其他 rank 没有数据。</translation>
    </message>
    <message>
        <source>get_batch latency from Megatron-LM's straggler detector (its DRtt), for the fastest and slowest ranks.</source>
        <translation>Megatron-LM straggler detector 给出的 get_batch 延迟（其 DRtt），仅最快和最慢的 rank。</translation>
    </message>
    <message>
        <source>Per iteration, Megatron-LM's forward-compute and backward-compute timers of the rank (printed across ranks with --timing-log-option all).</source>
        <translation>每次迭代中该 rank 的 Megatron-LM forward-compute 与 backward-compute 计时器（使用 --timing-log-option all 按 rank 打印）。</translation>
    </message>
    <message>
        <source>Per iteration, Megatron-LM's batch-generator timer of the rank (data loading).</source>
        <translation>每次迭代中该 rank 的 Megatron-LM batch-generator 计时器（数据加载）。</translation>
    </message>
    <message>
        <source>Per iteration, Megatron-LM's timers of pipeline sends and receives and of gradient and parameter collectives: high on ranks that wait.</source>
        <translation>每次迭代中 Megatron-LM 的流水线发送/接收以及梯度和参数集合通信的计时器：在等待的 rank 上偏高。</translation>
    </message>
    <message>
        <source>PyTorch profiler trace</source>
        <translation>PyTorch profiler 跟踪</translation>
    </message>
    <message>
        <source>Nsight Systems export</source>
        <translation>Nsight Systems 导出文件</translation>
    </message>
    <message>
        <source>NCCL Inspector log</source>
        <translation>NCCL Inspector 日志</translation>
    </message>
    <message>
        <source>iteration lines of the logs</source>
        <translation>日志中的迭代行</translation>
    </message>
    <message>
        <source>log events</source>
        <translation>日志事件</translation>
    </message>
    <message>
        <source>Megatron straggler detector (rank 0's report)</source>
        <translation>Megatron straggler detector（rank 0 的报告）</translation>
    </message>
    <message>
        <source>Megatron timers across ranks</source>
        <translation>按 rank 打印的 Megatron 计时器</translation>
    </message>
    <message>
        <source>source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Communication time per GB</source>
        <translation>每 GB 通信时间</translation>
    </message>
    <message>
        <source>Communication kernel time per GB moved on the bus (the inverse of NCCL's bus bandwidth: 2.7 ms per GB is 370 GB/s), over the collectives of known size that start in the window. It includes the wait for late peers, as NCCL's bus bandwidth does: high on ranks that wait and on slow links.</source>
        <translation>总线上每传输 1 GB 所用的通信 kernel 时间（NCCL 总线带宽的倒数：每 GB 2.7 ms 即 370 GB/s），统计窗口内开始且大小已知的集合通信。它包含等待迟到对端的时间，与 NCCL 的总线带宽一样：在等待的 rank 和慢链路上偏高。</translation>
    </message>
</context>
<context>
    <name>IncidentReport</name>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>iterations %1-%2</source>
        <translation>迭代 %1-%2</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>effect</source>
        <translation>影响</translation>
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
        <translation>%1 以及另外 %2 个</translation>
    </message>
    <message>
        <source>Bundle</source>
        <translation>作业包</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <source>World size</source>
        <translation>World size</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>%1 (%2 ranks)</source>
        <translation>%1（%2 个 rank）</translation>
    </message>
    <message>
        <source>Roles</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>Time span of the evidence</source>
        <translation>证据的时间跨度</translation>
    </message>
    <message>
        <source>Import problems</source>
        <translation>导入问题</translation>
    </message>
    <message>
        <source>Incident report: %1</source>
        <translation>事故报告：%1</translation>
    </message>
    <message>
        <source>Written by %1 on %2</source>
        <translation>由 %1 于 %2 生成</translation>
    </message>
    <message>
        <source>Culprits</source>
        <translation>元凶</translation>
    </message>
    <message>
        <source>No culprit: no layer names a rank or node.</source>
        <translation>没有元凶：没有任何层指向某个 rank 或节点。</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>What it does to the others:</source>
        <translation>它对其他 rank 的影响：</translation>
    </message>
    <message>
        <source>Disagreeing layers: %1</source>
        <translation>不一致的层：%1</translation>
    </message>
    <message>
        <source>To be sure: %1</source>
        <translation>若要确认：%1</translation>
    </message>
    <message>
        <source>What would settle it:</source>
        <translation>能够确定的数据：</translation>
    </message>
    <message>
        <source>First anomaly of the job (%1): %2</source>
        <translation>作业的第一个异常（%1）：%2</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>批注</translation>
    </message>
    <message>
        <source>No notes.</source>
        <translation>没有批注。</translation>
    </message>
    <message>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>适用位置</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>批注</translation>
    </message>
    <message>
        <source>By</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Points at</source>
        <translation>指向</translation>
    </message>
    <message>
        <source>What each layer says</source>
        <translation>各层的结论</translation>
    </message>
    <message>
        <source>not in this bundle</source>
        <translation>此作业包中没有</translation>
    </message>
    <message>
        <source>Import problems (%1)</source>
        <translation>导入问题（%1）</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>另外 %1 个</translation>
    </message>
    <message>
        <source>Reproduce</source>
        <translation>复现</translation>
    </message>
    <message>
        <source>the verdict is not ready yet</source>
        <translation>结论尚未就绪</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>LogSeverityStyle</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>debug</source>
        <translation>调试</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>fatal</source>
        <translation>致命</translation>
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
        <translation>无时间戳</translation>
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
        <translation>正在合并调用栈…</translation>
    </message>
    <message>
        <source>About rankscope</source>
        <translation>关于 rankscope</translation>
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
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Open Bundle Folder…</source>
        <translation>打开作业包文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>Re&amp;import Bundle</source>
        <translation>重新导入作业包(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Export Image…</source>
        <translation>导出图片(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About rankscope</source>
        <translation>关于 rankscope(&amp;A)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find Frame</source>
        <translation>查找栈帧(&amp;F)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Suspects</source>
        <translation>嫌疑对象</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>栈帧</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Import Problems</source>
        <translation>导入问题</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Function + file</source>
        <translation>函数 + 文件</translation>
    </message>
    <message>
        <source>Function + file + line</source>
        <translation>函数 + 文件 + 行号</translation>
    </message>
    <message>
        <source>All samples</source>
        <translation>全部采样</translation>
    </message>
    <message>
        <source>Latest sample</source>
        <translation>最新采样</translation>
    </message>
    <message>
        <source>Main thread</source>
        <translation>主线程</translation>
    </message>
    <message>
        <source>All threads</source>
        <translation>全部线程</translation>
    </message>
    <message>
        <source>Main processes</source>
        <translation>主进程</translation>
    </message>
    <message>
        <source>All process types</source>
        <translation>全部进程类型</translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>角色：%1</translation>
    </message>
    <message>
        <source>Open Job Bundle Folder</source>
        <translation>打开作业包文件夹</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Importing: %1</source>
        <translation>导入中：%1</translation>
    </message>
    <message>
        <source>%1 files (%2 parsed, %3 from cache), %4 samples, %5 s</source>
        <translation>%1 个文件（解析 %2 个，缓存 %3 个），%4 个采样，%5 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n file problem(s) during import; everything else was imported. See Import Problems.</source>
        <translation><numerusform>导入时有 %n 个文件问题；其余内容已导入。请查看“导入问题”。</numerusform></translation>
    </message>
    <message>
        <source>Cannot open the bundle: %1</source>
        <translation>无法打开作业包：%1</translation>
    </message>
    <message>
        <source>Import cancelled; the cache keeps its previous state.</source>
        <translation>导入已取消；缓存保持之前的状态。</translation>
    </message>
    <message>
        <source>Highlighting the path of rank %1</source>
        <translation>正在高亮 rank %1 的路径</translation>
    </message>
    <message>
        <source>Export Image</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图片 (*.png);;SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>nothing to export yet</source>
        <translation>尚无可导出的内容</translation>
    </message>
    <message>
        <source>Trace view: %1</source>
        <translation>追踪视图：%1</translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation>掉队者</translation>
    </message>
    <message>
        <source>Rank Detail</source>
        <translation>Rank 详情</translation>
    </message>
    <message>
        <source>Stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>The profiler traces could not be read from the cache: %1</source>
        <translation>无法从缓存读取性能分析追踪：%1</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle. Put one PyTorch profiler trace per rank into traces/ (see the bundle format) to see the heatmap.</source>
        <translation>此作业包中没有性能分析追踪。请在 traces/ 中为每个 rank 放入一个 PyTorch profiler 追踪文件（见作业包格式），即可查看热力图。</translation>
    </message>
    <message>
        <source>Loading the heatmap…</source>
        <translation>正在加载热力图…</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>time %1 s – %2 s</source>
        <translation>时间 %1 秒 – %2 秒</translation>
    </message>
    <message>
        <source>That rank has no trace window there.</source>
        <translation>该 rank 在该处没有追踪时间窗。</translation>
    </message>
    <message>
        <source>; its nearest stack sample (%1 s from the window's middle) is selected in the flame graph</source>
        <translation>；已在火焰图中选中其最近的调用栈采样（距时间窗中点 %1 秒）</translation>
    </message>
    <message>
        <source>; its stack sample (no time) is selected in the flame graph</source>
        <translation>；已在火焰图中选中其调用栈采样（无时间信息）</translation>
    </message>
    <message numerus="yes">
        <source>Rank %1, %2: %n op(s) compared with %3 peer(s)</source>
        <translation><numerusform>Rank %1，%2：%n 个操作已与 %3 个同组 rank 比较</numerusform></translation>
    </message>
    <message>
        <source>the heatmap has no data yet</source>
        <translation>热力图还没有数据</translation>
    </message>
    <message>
        <source>Heatmap: %1 by %2</source>
        <translation>热力图：%1（按%2）</translation>
    </message>
    <message>
        <source>rank %1, window %2</source>
        <translation>rank %1，时间窗 %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>&amp;Logs of the Selected Window</source>
        <translation>所选时间窗的日志(&amp;L)</translation>
    </message>
    <message>
        <source>rank %1, %2</source>
        <translation>rank %1，%2</translation>
    </message>
    <message>
        <source>Choose a rank's line to open its heatmap window.</source>
        <translation>请选择某个 rank 的日志行以打开其热力图窗口。</translation>
    </message>
    <message>
        <source>Rank %1 has no heatmap window at that time.</source>
        <translation>rank %1 在该时刻没有热力图窗口。</translation>
    </message>
    <message>
        <source>Compare with &amp;Baseline…</source>
        <translation>与基线比较(&amp;B)…</translation>
    </message>
    <message>
        <source>S&amp;wap Baseline and Bundle</source>
        <translation>交换基线与作业包(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Close Baseline</source>
        <translation>关闭基线(&amp;C)</translation>
    </message>
    <message>
        <source>Diff vs %1</source>
        <translation>与 %1 对比</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Importing the baseline: %1</source>
        <translation>正在导入基线：%1</translation>
    </message>
    <message>
        <source>Comparing with the baseline…</source>
        <translation>正在与基线比较…</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <source>The comparison with the baseline failed: %1</source>
        <translation>与基线的比较失败：%1</translation>
    </message>
    <message>
        <source>Open a Healthy Run to Compare With</source>
        <translation>打开用于比较的健康运行</translation>
    </message>
    <message>
        <source>Importing the baseline %1…</source>
        <translation>正在导入基线 %1…</translation>
    </message>
    <message>
        <source>Compared with %1: %2</source>
        <translation>已与 %1 比较：%2</translation>
    </message>
    <message>
        <source>windows paired by position</source>
        <translation>按位置配对时间窗</translation>
    </message>
    <message>
        <source>iterations paired by position: iteration N beside the baseline's N − %1</source>
        <translation>按位置配对迭代：第 N 次迭代对应基线的第 N − %1 次</translation>
    </message>
    <message>
        <source>Waiting for the baseline…</source>
        <translation>正在等待基线…</translation>
    </message>
    <message>
        <source>Heatmap: %1 by %2, this run minus baseline %3</source>
        <translation>热力图：%1（按%2），本次运行减去基线 %3</translation>
    </message>
    <message>
        <source>Open Bundle &amp;Archive or File…</source>
        <translation>打开作业包归档或文件(&amp;A)…</translation>
    </message>
    <message>
        <source>Open a job bundle (File &gt; Open, or drop a folder, an archive or a single trace here) to merge the stacks of every rank.</source>
        <translation>打开一个作业包（文件 &gt; 打开，或把文件夹、归档或单个跟踪文件拖到这里），合并所有 rank 的调用栈。</translation>
    </message>
    <message>
        <source>Open Job Bundle Archive or File</source>
        <translation>打开作业包归档或文件</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1 ranks with stacks, %2 without, %3 frames merged; %4</source>
        <translation>%1 个 rank 有调用栈，%2 个没有，合并了 %3 个栈帧；%4</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle, and the logs cannot tell stragglers: %1. Put one PyTorch profiler trace per rank into traces/ (see the bundle format) to see the heatmap.</source>
        <translation>此作业包中没有性能分析追踪，日志也无法判断掉队者：%1。请在 traces/ 中为每个 rank 放入一个 PyTorch profiler 追踪文件（见作业包格式），即可查看热力图。</translation>
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
        <translation>无法从缓存读取集合通信：%1</translation>
    </message>
    <message>
        <source>Collectives view: %1</source>
        <translation>集合通信视图：%1</translation>
    </message>
    <message>
        <source>Loading the collectives was cancelled. Reimport the bundle to see them.</source>
        <translation>已取消加载集合通信。重新导入作业包即可查看。</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>Reading the collectives…</source>
        <translation>正在读取集合通信…</translation>
    </message>
    <message>
        <source>Stack dumps</source>
        <translation>堆栈转储</translation>
    </message>
    <message>
        <source>Collective call sites</source>
        <translation>集合通信调用点</translation>
    </message>
    <message>
        <source>The Python frames each rank's Flight Recorder dump recorded for the collective it blocks in (its earliest entry that did not complete), merged across ranks</source>
        <translation>每个 rank 的 Flight Recorder 转储为其阻塞所在的集合通信记录的 Python 栈帧（其最早未完成的条目），跨 rank 合并</translation>
    </message>
    <message>
        <source>Highlighting the paths of ranks %1 (the Ranks panel lists them)</source>
        <translation>正在高亮 rank %1 的路径（Rank 列表面板列出了它们）</translation>
    </message>
    <message>
        <source>No import problems</source>
        <translation>没有导入问题</translation>
    </message>
    <message numerus="yes">
        <source>%n import problem(s)</source>
        <translation><numerusform>%n 个导入问题</numerusform></translation>
    </message>
    <message>
        <source>Show or hide the Import Problems panel</source>
        <translation>显示或隐藏“导入问题”面板</translation>
    </message>
    <message>
        <source>&amp;Stacks</source>
        <translation>调用栈(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Heatmap</source>
        <translation>热力图(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Logs</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Diff</source>
        <translation>对比(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Collectives</source>
        <translation>集合通信(&amp;C)</translation>
    </message>
    <message>
        <source>Go to %1</source>
        <translation>转到 %1</translation>
    </message>
    <message>
        <source>&amp;Clear Selection and Highlight</source>
        <translation>清除选择和高亮(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Find in Logs</source>
        <translation>在日志中查找(&amp;F)</translation>
    </message>
    <message>
        <source>Selection cleared</source>
        <translation>已清除选择</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>&lt;b&gt;rankscope %1&lt;/b&gt;&lt;br&gt;Finds the rank, node or group that stalls or slows a distributed training job by comparing every rank's stacks, logs, profiler traces and collectives.&lt;br&gt;Candidates and evidence, not proven causes.</source>
        <translation>&lt;b&gt;rankscope %1&lt;/b&gt;&lt;br&gt;通过比较每个 rank 的调用栈、日志、性能追踪和集合通信，找出拖住或拖慢分布式训练作业的 rank、节点或组。&lt;br&gt;给出的是候选对象和证据，而不是已证实的原因。</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>Which stacks the flame graph merges: the py-spy dumps, or the call sites the Flight Recorder dumps recorded</source>
        <translation>火焰图合并哪些栈：py-spy 转储，或 Flight Recorder 转储记录的调用点</translation>
    </message>
    <message>
        <source>Stacks:</source>
        <translation>栈：</translation>
    </message>
    <message>
        <source>How the stacks are merged, for the flame graph, the suspects and the Diff's stack paths</source>
        <translation>栈的合并方式，作用于火焰图、嫌疑对象和对比视图中的栈路径</translation>
    </message>
    <message>
        <source>Frame identity: frames with the same function merge, or only those with the same file, or the same file and line</source>
        <translation>栈帧标识：函数相同的栈帧合并，或仅合并文件相同的，或文件和行号都相同的</translation>
    </message>
    <message>
        <source>Which threads of each process: the main thread (where training code runs), all threads, or one thread by name</source>
        <translation>每个进程的哪些线程：主线程（训练代码运行处）、全部线程，或按名称选一个线程</translation>
    </message>
    <message>
        <source>Which processes: the training ranks, or also helpers such as DataLoader workers, by role</source>
        <translation>哪些进程：训练 rank，或按角色也包括 DataLoader worker 等辅助进程</translation>
    </message>
    <message>
        <source>All samples of each rank merged, or only each rank's latest dump (where it is now)</source>
        <translation>合并每个 rank 的全部采样，或只取每个 rank 最新的转储（它现在所在的位置）</translation>
    </message>
    <message>
        <source>Cannot write the demo bundle: %1</source>
        <translation>无法写出演示作业包：%1</translation>
    </message>
    <message>
        <source>Show Stacks</source>
        <translation>显示栈</translation>
    </message>
    <message>
        <source>Show Heatmap</source>
        <translation>显示热力图</translation>
    </message>
    <message>
        <source>Show Logs</source>
        <translation>显示日志</translation>
    </message>
    <message>
        <source>How to Capture Stacks</source>
        <translation>如何采集栈</translation>
    </message>
    <message>
        <source>No stack dumps in this bundle</source>
        <translation>此作业包中没有栈转储</translation>
    </message>
    <message>
        <source>The merged flame graph needs a py-spy dump of each rank (&lt;tt&gt;py-spy dump --pid PID&lt;/tt&gt;, text or &lt;tt&gt;--json&lt;/tt&gt;) under &lt;tt&gt;stacks/&lt;/tt&gt;, ideally two or three samples a few seconds apart. It shows which ranks are stuck where, and who the others wait for.</source>
        <translation>合并火焰图需要 &lt;tt&gt;stacks/&lt;/tt&gt; 下每个 rank 的 py-spy 转储（&lt;tt&gt;py-spy dump --pid PID&lt;/tt&gt;，文本或 &lt;tt&gt;--json&lt;/tt&gt;），最好相隔几秒采集两三次。它显示哪些 rank 卡在哪里，以及其他 rank 在等谁。</translation>
    </message>
    <message>
        <source>How to Capture Traces</source>
        <translation>如何采集跟踪</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle</source>
        <translation>此作业包中没有性能分析跟踪</translation>
    </message>
    <message>
        <source>The rank-by-time heatmap and the stragglers need a PyTorch profiler trace per rank (&lt;tt&gt;*.pt.trace.json&lt;/tt&gt;, gzip or zstd) under &lt;tt&gt;traces/&lt;/tt&gt;; even one or two profiler steps on every rank are enough to compare the ranks.</source>
        <translation>rank × 时间热力图和慢节点检测需要 &lt;tt&gt;traces/&lt;/tt&gt; 下每个 rank 的 PyTorch 性能分析跟踪（&lt;tt&gt;*.pt.trace.json&lt;/tt&gt;，可 gzip 或 zstd 压缩）；每个 rank 哪怕只有一两个 profiler 步骤也足以比较各 rank。</translation>
    </message>
    <message>
        <source>Log Formats</source>
        <translation>日志格式</translation>
    </message>
    <message>
        <source>No logs in this bundle</source>
        <translation>此作业包中没有日志</translation>
    </message>
    <message>
        <source>The log templates need the job's output: the launcher's combined log (torchrun, srun, mpirun, kubectl) or per-rank files under &lt;tt&gt;logs/&lt;/tt&gt;. Errors, warnings and the lines only some ranks wrote are ranked there.</source>
        <translation>日志模板需要作业的输出：启动器的合并日志（torchrun、srun、mpirun、kubectl）或 &lt;tt&gt;logs/&lt;/tt&gt; 下每个 rank 的文件。错误、警告以及只有部分 rank 写出的行会在那里排序。</translation>
    </message>
    <message>
        <source>No baseline to compare with</source>
        <translation>没有可对比的基线</translation>
    </message>
    <message>
        <source>The Diff puts a healthy run of the same job beside this one: the stack paths, log templates, step times and operator times that changed. Open the healthy run's bundle as the baseline, or name it as &lt;tt&gt;"baseline"&lt;/tt&gt; in this bundle's &lt;tt&gt;job.json&lt;/tt&gt;.</source>
        <translation>对比视图把同一作业的一次健康运行放在本次运行旁边：变化的栈路径、日志模板、步时间和算子时间。请把健康运行的作业包作为基线打开，或在本作业包的 &lt;tt&gt;job.json&lt;/tt&gt; 中以 &lt;tt&gt;"baseline"&lt;/tt&gt; 指定它。</translation>
    </message>
    <message>
        <source>Compare with Baseline…</source>
        <translation>与基线对比…</translation>
    </message>
    <message>
        <source>About the Diff</source>
        <translation>关于对比</translation>
    </message>
    <message>
        <source>No collective records in this bundle</source>
        <translation>此作业包中没有集合通信记录</translation>
    </message>
    <message>
        <source>The per-group sequence of collectives comes from Flight Recorder dumps (&lt;tt&gt;TORCH_NCCL_TRACE_BUFFER_SIZE&lt;/tt&gt; set; files under &lt;tt&gt;fr/&lt;/tt&gt;), from the NCCL watchdog and desync lines in the logs, or from communication kernels with sequence numbers in the traces. This bundle has none.</source>
        <translation>每个进程组的集合通信序列来自 Flight Recorder 转储（设置 &lt;tt&gt;TORCH_NCCL_TRACE_BUFFER_SIZE&lt;/tt&gt;；文件位于 &lt;tt&gt;fr/&lt;/tt&gt;）、日志中的 NCCL watchdog 和 desync 行，或跟踪中带序号的通信内核。此作业包中都没有。</translation>
    </message>
    <message>
        <source>How to Capture Them</source>
        <translation>如何采集</translation>
    </message>
    <message>
        <source>The rank detail is in the main area.</source>
        <translation>Rank 详情显示在主区域中。</translation>
    </message>
    <message>
        <source>Rank Detail in the &amp;Main Area</source>
        <translation>在主区域显示 Rank 详情(&amp;M)</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Click to open the Diff view.</source>
        <translation>点击打开对比视图。</translation>
    </message>
    <message>
        <source>The cache was damaged; rebuilding it from the bundle (%1)</source>
        <translation>缓存已损坏；正在根据作业包重建（%1）</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Joining the layers…</source>
        <translation>正在汇总各层…</translation>
    </message>
    <message>
        <source>The layers could not be joined (out of memory); each view still shows its own layer.</source>
        <translation>无法汇总各层（内存不足）；各视图仍显示各自的层。</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>概览(&amp;O)</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Add View to Report</source>
        <translation>将视图加入报告(&amp;A)</translation>
    </message>
    <message>
        <source>no temporary folder for the picture</source>
        <translation>没有用于图片的临时文件夹</translation>
    </message>
    <message>
        <source>the picture could not be read back</source>
        <translation>无法读回图片</translation>
    </message>
    <message>
        <source>Cannot add this view to the report: %1</source>
        <translation>无法将此视图加入报告：%1</translation>
    </message>
    <message numerus="yes">
        <source>Added %1 to the report (%n picture(s)); File &gt; Export Report writes it.</source>
        <translation><numerusform>已将 %1 加入报告（%n 张图片）；“文件 &gt; 导出报告”会写出它。</numerusform></translation>
    </message>
    <message>
        <source>the joined verdict, what each rank sent, the first anomalies</source>
        <translation>汇总结论、每个 rank 提供的数据、最早的异常</translation>
    </message>
    <message>
        <source>every rank's stacks merged</source>
        <translation>所有 rank 的栈合并</translation>
    </message>
    <message>
        <source>focused on %1's frame</source>
        <translation>聚焦于 %1 的栈帧</translation>
    </message>
    <message>
        <source>ranks by windows, stragglers outlined</source>
        <translation>rank × 窗口，掉队者已标出</translation>
    </message>
    <message>
        <source>each process group's collectives by rank</source>
        <translation>按 rank 显示每个进程组的集合通信</translation>
    </message>
    <message>
        <source>against the baseline</source>
        <translation>与基线对比</translation>
    </message>
    <message>
        <source>the verdict is not ready yet</source>
        <translation>结论尚未就绪</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>HTML, one file (*.html);;Markdown with a folder of pictures (*.md)</source>
        <translation>HTML，单个文件 (*.html);;Markdown 及图片文件夹 (*.md)</translation>
    </message>
    <message>
        <source>Wrote the report %1</source>
        <translation>已写出报告 %1</translation>
    </message>
    <message>
        <source>Note %1 is on something this view does not show now (filtered out, zoomed away, or not in this import).</source>
        <translation>批注 %1 所在的内容当前未在视图中显示（被过滤、缩放到别处，或不在本次导入中）。</translation>
    </message>
    <message>
        <source>Drag a rectangle over the view to highlight it; Escape cancels.</source>
        <translation>在视图上拖出一个矩形进行高亮；按 Esc 取消。</translation>
    </message>
    <message>
        <source>Drag from where the arrow starts to what it points at; Escape cancels.</source>
        <translation>从箭头起点拖到它指向的位置；按 Esc 取消。</translation>
    </message>
    <message>
        <source>&amp;Notes</source>
        <translation>批注(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Add Note to Selection…</source>
        <translation>为所选项添加批注(&amp;A)…</translation>
    </message>
    <message>
        <source>Pin a note to the selected frame, heatmap cell, log line or collective</source>
        <translation>为所选的栈帧、热力图单元格、日志行或集合通信添加批注</translation>
    </message>
    <message>
        <source>&amp;Highlight</source>
        <translation>高亮框(&amp;H)</translation>
    </message>
    <message>
        <source>Draw a rectangle over the view (rows, time, frames) that stays on its data when zooming</source>
        <translation>在视图上画一个矩形（行、时间、栈帧），缩放时它跟随数据</translation>
    </message>
    <message>
        <source>A&amp;rrow</source>
        <translation>箭头(&amp;R)</translation>
    </message>
    <message>
        <source>Draw an arrow pointing at something in the view</source>
        <translation>画一个箭头指向视图中的某处</translation>
    </message>
    <message>
        <source>&amp;Mark Ranks…</source>
        <translation>标记 rank(&amp;M)…</translation>
    </message>
    <message>
        <source>Mark ranks with a note: their rows, lines and frames are tinted in every view</source>
        <translation>用批注标记 rank：它们的行、日志行和栈帧在每个视图中都会着色</translation>
    </message>
    <message>
        <source>&amp;Import Notes…</source>
        <translation>导入批注(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export Notes…</source>
        <translation>导出批注(&amp;E)…</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>批注</translation>
    </message>
    <message>
        <source>Notes (%1)</source>
        <translation>批注 (%1)</translation>
    </message>
    <message>
        <source>Select a frame, a cell, a line or a collective first, or right-click one and choose Add Note…</source>
        <translation>请先选择一个栈帧、单元格、日志行或集合通信，或右键单击它并选择“添加批注…”</translation>
    </message>
    <message>
        <source>Import Notes</source>
        <translation>导入批注</translation>
    </message>
    <message>
        <source>Notes (*.notes.json *.json)</source>
        <translation>批注 (*.notes.json *.json)</translation>
    </message>
    <message>
        <source>Notes not imported: %1</source>
        <translation>批注未导入：%1</translation>
    </message>
    <message>
        <source>Export Notes</source>
        <translation>导出批注</translation>
    </message>
    <message>
        <source>Notes (*.notes.json)</source>
        <translation>批注 (*.notes.json)</translation>
    </message>
    <message>
        <source>Notes not exported: %1</source>
        <translation>批注未导出：%1</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n note(s) to %1</source>
        <translation><numerusform>已将 %n 条批注导出到 %1</numerusform></translation>
    </message>
    <message>
        <source>there are no log lines to export</source>
        <translation>没有可导出的日志行</translation>
    </message>
    <message>
        <source>Log lines</source>
        <translation>日志行</translation>
    </message>
    <message>
        <source>Bundles, traces and logs (*.rankscope *.rscache *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;Bundle archives (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;Merged caches (*.rscache);;All files (*)</source>
        <translation>Bundle、跟踪和日志 (*.rankscope *.rscache *.tar *.tar.gz *.tgz *.tar.zst *.json *.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;Bundle 归档 (*.tar *.tar.gz *.tgz *.tar.zst *.rankscope);;合并的缓存 (*.rscache);;所有文件 (*)</translation>
    </message>
    <message>
        <source>This merged cache keeps no raw trace events (merged with --keep-events none): the window's metrics are whole, its timeline is not. Merge with --keep-events all, or open the bundle, to see the events.</source>
        <translation>此合并缓存不保留原始跟踪事件（合并时使用了 --keep-events none）：窗口的指标完整，时间线不完整。要查看事件，请用 --keep-events all 重新合并，或打开 bundle。</translation>
    </message>
    <message>
        <source>This merged cache kept the events of the suspects and a few peers only (--keep-events outliers), not of rank %1 in this window: its metrics are whole, its timeline is not. Merge with --keep-events all, or open the bundle, to see them.</source>
        <translation>此合并缓存只保留了嫌疑 rank 和少数对照 rank 的事件（--keep-events outliers），不包括 rank %1 在此窗口中的事件：其指标完整，时间线不完整。要查看它们，请用 --keep-events all 重新合并，或打开 bundle。</translation>
    </message>
</context>
<context>
    <name>NoteText</name>
    <message>
        <source>%1 #%2 · rank %3</source>
        <translation>%1 #%2 · rank %3</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
    <message>
        <source>rank %1 · iteration %2</source>
        <translation>rank %1 · 迭代 %2</translation>
    </message>
    <message>
        <source>rank %1 · time bin %2</source>
        <translation>rank %1 · 时间段 %2</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>批注</translation>
    </message>
    <message>
        <source>Highlight</source>
        <translation>高亮框</translation>
    </message>
    <message>
        <source>Arrow</source>
        <translation>箭头</translation>
    </message>
    <message>
        <source>Marked ranks</source>
        <translation>标记的 rank</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>all ranks</source>
        <translation>所有 rank</translation>
    </message>
    <message>
        <source>rank %1, window %2</source>
        <translation>rank %1，时间窗 %2</translation>
    </message>
    <message>
        <source>%1 on rank %2</source>
        <translation>rank %2 上的 %1</translation>
    </message>
    <message>
        <source>%1 #%2 of group %3</source>
        <translation>组 %3 的 %1 #%2</translation>
    </message>
    <message>
        <source>Double-click or F2 to edit, Delete to remove</source>
        <translation>双击或按 F2 编辑，按 Delete 删除</translation>
    </message>
    <message>
        <source>Note %1: %2 (on %3)</source>
        <translation>批注 %1：%2（位于 %3）</translation>
    </message>
    <message>
        <source>Note %1: %2</source>
        <translation>批注 %1：%2</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>No import problems.</source>
        <translation>没有导入问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) while importing; the other files imported normally.</source>
        <translation><numerusform>导入时出现 %n 个问题；其他文件已正常导入。</numerusform></translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Everywhere</source>
        <translation>任意位置</translation>
    </message>
    <message>
        <source>Heatmap, Rank Detail timeline, Collectives strip</source>
        <translation>热力图、Rank 详情时间线、集合通信条带</translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>W / S, + / -</source>
        <translation>W / S、+ / -</translation>
    </message>
    <message>
        <source>Zoom in / out in time (or sequence)</source>
        <translation>按时间(或序号)放大 / 缩小</translation>
    </message>
    <message>
        <source>A / D, Left / Right</source>
        <translation>A / D、左 / 右</translation>
    </message>
    <message>
        <source>Pan earlier / later</source>
        <translation>向前 / 向后平移</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>Scroll the ranks</source>
        <translation>滚动 Rank</translation>
    </message>
    <message>
        <source>Shift+W / Shift+S</source>
        <translation>Shift+W / Shift+S</translation>
    </message>
    <message>
        <source>Zoom the rank axis</source>
        <translation>缩放 Rank 轴</translation>
    </message>
    <message>
        <source>Heatmap, Collectives strip</source>
        <translation>热力图、集合通信条带</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <source>Show everything</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>滚轮</translation>
    </message>
    <message>
        <source>Zoom at the mouse</source>
        <translation>在鼠标处缩放</translation>
    </message>
    <message>
        <source>Shift+Wheel</source>
        <translation>Shift+滚轮</translation>
    </message>
    <message>
        <source>Ctrl+Wheel, wheel over the rank labels</source>
        <translation>Ctrl+滚轮,或在 Rank 标签上滚动</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select a frame</source>
        <translation>选择栈帧</translation>
    </message>
    <message>
        <source>Double-click, Enter</source>
        <translation>双击、Enter</translation>
    </message>
    <message>
        <source>Zoom to the selected frame</source>
        <translation>放大到所选栈帧</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <source>Zoom out one level</source>
        <translation>缩小一级</translation>
    </message>
    <message>
        <source>Right-click</source>
        <translation>右键单击</translation>
    </message>
    <message>
        <source>Highlight a rank's path, copy</source>
        <translation>高亮某个 Rank 的路径、复制</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>适用位置</translation>
    </message>
</context>
<context>
    <name>StackViewExport</name>
    <message>
        <source>Merged flame graph</source>
        <translation>合并火焰图</translation>
    </message>
    <message>
        <source>has %1</source>
        <translation>包含 %1</translation>
    </message>
    <message>
        <source>missing %1</source>
        <translation>缺失 %1</translation>
    </message>
    <message>
        <source>no data %1</source>
        <translation>无数据 %1</translation>
    </message>
    <message>
        <source>rank %1 traced</source>
        <translation>已追踪 rank %1 的路径</translation>
    </message>
    <message>
        <source>ranks %1 traced</source>
        <translation>已追踪 rank %1 的路径</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Find the rank, node or group that stalled or slowed a distributed training job, from every rank's stacks, logs, profiler traces and collectives.</source>
        <translation>根据每个 rank 的栈、日志、性能分析跟踪和集合通信，找出让分布式训练作业卡住或变慢的 rank、节点或进程组。</translation>
    </message>
    <message>
        <source>Open Bundle Folder…</source>
        <translation>打开作业包文件夹…</translation>
    </message>
    <message>
        <source>Open Archive or File…</source>
        <translation>打开归档或文件…</translation>
    </message>
    <message>
        <source>A bundle archive (.tar.zst, .tar.gz, .rankscope), or a single profiler trace, stack dump or log.</source>
        <translation>作业包归档（.tar.zst、.tar.gz、.rankscope），或单个性能分析跟踪、栈转储或日志。</translation>
    </message>
    <message>
        <source>Open Demo</source>
        <translation>打开演示</translation>
    </message>
    <message>
        <source>A 64-rank job that hangs in one rank's data loader; the arrow offers the other demos.</source>
        <translation>一个 64 rank 的作业，卡在某个 rank 的数据加载器中；箭头提供其他演示。</translation>
    </message>
    <message>
        <source>Hang in one rank's data loader (stacks, logs)</source>
        <translation>某个 rank 的数据加载器卡住（栈、日志）</translation>
    </message>
    <message>
        <source>One slow GPU (profiler traces, stacks)</source>
        <translation>一块 GPU 变慢（性能分析跟踪、栈）</translation>
    </message>
    <message>
        <source>One node with slow links (profiler traces, stacks)</source>
        <translation>一个节点链路变慢（性能分析跟踪、栈）</translation>
    </message>
    <message>
        <source>Recent bundles</source>
        <translation>最近的作业包</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Bundles you open are listed here.</source>
        <translation>打开过的作业包会列在这里。</translation>
    </message>
    <message>
        <source>Drop a bundle folder, an archive or a single trace, dump or log anywhere on this window.</source>
        <translation>把作业包文件夹、归档或单个跟踪、转储、日志拖放到此窗口的任意位置。</translation>
    </message>
    <message>
        <source>%1    %2 (not found)</source>
        <translation>%1    %2（未找到）</translation>
    </message>
</context>
<context>
    <name>StragglersPanel</name>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>From</source>
        <translation>起始</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Aligned by</source>
        <translation>对齐依据</translation>
    </message>
    <message>
        <source>Anchors</source>
        <translation>锚点数</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle. Put one PyTorch profiler trace per rank into traces/ to see step times and stragglers.</source>
        <translation>此作业包中没有性能分析追踪。请在 traces/ 中为每个 rank 放入一个 PyTorch profiler 追踪文件，即可查看单步耗时和掉队者。</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>time bin %1</source>
        <translation>时间分箱 %1</translation>
    </message>
    <message>
        <source>makes others wait</source>
        <translation>让其他 rank 等待</translation>
    </message>
    <message>
        <source>waits</source>
        <translation>在等待</translation>
    </message>
    <message numerus="yes">
        <source>Clock offsets applied to align %n rank(s) (largest %1); job.json "clock_offsets_ns" overrides them.</source>
        <translation><numerusform>已应用时钟偏移以对齐 %n 个 rank（最大 %1）；job.json 中的“clock_offsets_ns”优先于它们。</numerusform></translation>
    </message>
    <message>
        <source>reference</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>collective ends</source>
        <translation>集合通信结束时刻</translation>
    </message>
    <message>
        <source>step starts</source>
        <translation>单步开始时刻</translation>
    </message>
    <message>
        <source>same node</source>
        <translation>同一节点</translation>
    </message>
    <message>
        <source>job.json</source>
        <translation>job.json</translation>
    </message>
    <message>
        <source>not aligned</source>
        <translation>未对齐</translation>
    </message>
    <message>
        <source>spread of the per-anchor differences: %1</source>
        <translation>各锚点差值的离散度：%1</translation>
    </message>
    <message>
        <source>send/recv bounds</source>
        <translation>send/recv 界限</translation>
    </message>
    <message>
        <source>good</source>
        <translation>良好</translation>
    </message>
    <message>
        <source>fair</source>
        <translation>一般</translation>
    </message>
    <message>
        <source>poor</source>
        <translation>差</translation>
    </message>
    <message>
        <source>Last at</source>
        <translation>最后到达</translation>
    </message>
    <message>
        <source>Wait caused</source>
        <translation>造成的等待</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>Uncertainty</source>
        <translation>不确定度</translation>
    </message>
    <message>
        <source>Arrival order: no collective was matched across ranks.</source>
        <translation>到达顺序：没有在各 rank 之间匹配上的集合通信。</translation>
    </message>
    <message>
        <source>Arrival order at %1 matched collectives: no clear last arriver (the last two arrived within the clocks' uncertainty every time).</source>
        <translation>%1 次匹配的集合通信的到达顺序：没有明确的最后到达者（最后两位的到达时间每次都在时钟不确定度之内）。</translation>
    </message>
    <message>
        <source>Arrival order at %1 matched collectives, %2 with a clear last arriver: the ranks the others waited for most.</source>
        <translation>%1 次匹配的集合通信的到达顺序，其中 %2 次有明确的最后到达者：以下是其他成员等待最多的 rank。</translation>
    </message>
    <message>
        <source>%1 of %2 (%3%)</source>
        <translation>%2 次中 %1 次（%3%）</translation>
    </message>
    <message>
        <source>Sum over the collectives it arrived at last of the mean time the other members waited for it</source>
        <translation>在它最后到达的各次集合通信中，其他成员为它等待的平均时间之和</translation>
    </message>
    <message>
        <source>How far this rank's aligned times may be off: residual of its collective ends against the other members', p2p bounds, step spread (typical collective: %1)</source>
        <translation>该 rank 对齐后的时间可能偏离多少：其集合通信结束时间相对其他成员的残差、p2p 界限、步起点离散度（典型集合通信：%1）</translation>
    </message>
    <message>
        <source>Alignment: %1 (uncertainty %2; %3 good, %4 fair, %5 poor).</source>
        <translation>对齐：%1（不确定度 %2；良好 %3，一般 %4，差 %5）。</translation>
    </message>
    <message>
        <source>Waits and arrival order are not reliable and were left out of the analysis.</source>
        <translation>等待与到达顺序不可靠，已从分析中排除。</translation>
    </message>
    <message>
        <source>every %1 iterations from %2</source>
        <translation>从%2起每 %1 次迭代</translation>
    </message>
    <message>
        <source>every %1 time bins from %2</source>
        <translation>从%2起每 %1 个时间分箱</translation>
    </message>
    <message>
        <source>tentative (one window)</source>
        <translation>暂定（仅一个时间窗）</translation>
    </message>
    <message numerus="yes">
        <source>tentative (%n window(s))</source>
        <translation><numerusform>暂定（%n 个时间窗）</numerusform></translation>
    </message>
    <message>
        <source>confirmed (%1 of %2)</source>
        <translation>已确认（%2 个中的 %1 个）</translation>
    </message>
    <message>
        <source>~%1 in that step</source>
        <translation>该步约 %1</translation>
    </message>
    <message>
        <source>~%1 in that time bin</source>
        <translation>该时间分箱约 %1</translation>
    </message>
    <message>
        <source>~%1 per step (%2 in all)</source>
        <translation>每步约 %1（共 %2）</translation>
    </message>
    <message>
        <source>~%1 per time bin (%2 in all)</source>
        <translation>每个时间分箱约 %1（共 %2）</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Costs the job</source>
        <translation>对作业的代价</translation>
    </message>
    <message>
        <source>No profiler traces in this bundle; from the logs: %1</source>
        <translation>此作业包中没有性能分析追踪；根据日志：%1</translation>
    </message>
    <message>
        <source>The traces hold too few windows to test whether the rank stays slow: it was slow at its own work in each of them.</source>
        <translation>追踪中的时间窗太少，无法检验该 rank 是否持续偏慢：它在每个时间窗中自身的工作都偏慢。</translation>
    </message>
    <message>
        <source>Persistently slower than its peers: tested over all of the rank's windows, not only consecutive ones.</source>
        <translation>持续比同组 rank 慢：检验基于该 rank 的全部时间窗，而不只是连续的时间窗。</translation>
    </message>
    <message>
        <source>The time its peers waited for it, measured from the arrival order at the collectives it arrived last at, per step and summed from its first slow window on.</source>
        <translation>其他 rank 等待它的时间，由它最后到达的那些集合通信的到达顺序测得，按每步给出，并从它第一个变慢的窗口起累计。</translation>
    </message>
    <message>
        <source>The time its peers wait for it, estimated: by how much it arrives after the next-slowest peer, per step and summed from its first slow window on.</source>
        <translation>其他 rank 等待它的时间（估计值）：它比第二慢的 rank 晚到多少，按每步给出，并从它第一个变慢的窗口起累计。</translation>
    </message>
</context>
<context>
    <name>TimelineStyle</name>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU 算子</translation>
    </message>
    <message>
        <source>Python function</source>
        <translation>Python 函数</translation>
    </message>
    <message>
        <source>annotation</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>collective (CPU side)</source>
        <translation>集合通信（CPU 端）</translation>
    </message>
    <message>
        <source>runtime call</source>
        <translation>运行时调用</translation>
    </message>
    <message>
        <source>synchronization</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>compute kernel</source>
        <translation>计算 kernel</translation>
    </message>
    <message>
        <source>communication kernel</source>
        <translation>通信 kernel</translation>
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
        <translation>GPU 标注</translation>
    </message>
    <message>
        <source>GPU %1 · stream %2</source>
        <translation>GPU %1 · 流 %2</translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation>线程 %1（%2）</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>track %1</source>
        <translation>轨道 %1</translation>
    </message>
</context>
<context>
    <name>UserGuideDialog</name>
    <message>
        <source>rankscope User Guide</source>
        <translation>rankscope 用户指南</translation>
    </message>
    <message>
        <source>The user guide is not installed. Its pages are the docs/ folder of the source, installed to share/doc/rankscope by cmake --install and the Debian package.</source>
        <translation>未安装用户指南。其页面是源代码中的 docs/ 文件夹，由 cmake --install 和 Debian 软件包安装到 share/doc/rankscope。</translation>
    </message>
</context>
<context>
    <name>ViewExporter</name>
    <message>
        <source>job %1</source>
        <translation>作业 %1</translation>
    </message>
    <message>
        <source>Selection: %1</source>
        <translation>选择：%1</translation>
    </message>
    <message>
        <source>Frame identity: %1</source>
        <translation>栈帧标识：%1</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message>
        <source>Made: %1</source>
        <translation>生成时间：%1</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Cannot export %1: the view is empty.</source>
        <translation>无法导出 %1：视图为空。</translation>
    </message>
    <message>
        <source>Cannot export %1: unknown picture format "%2"; use .png or .svg.</source>
        <translation>无法导出 %1：未知的图片格式“%2”；请使用 .png 或 .svg。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: the SVG painter did not start.</source>
        <translation>无法写入 %1：SVG 绘制器未能启动。</translation>
    </message>
    <message>
        <source>Ranks: %1</source>
        <translation>Rank：%1</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>结论：%1</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more note(s)</source>
        <translation><numerusform>… 另有 %n 条批注</numerusform></translation>
    </message>
</context>
<context>
    <name>collective.behind.noRecordIts</name>
    <message>
        <source>its dump holds no pending entry of that group</source>
        <translation>它的转储中没有该组的待完成条目</translation>
    </message>
</context>
<context>
    <name>collective.behind.noRecordTheir</name>
    <message>
        <source>their dumps hold no pending entry of that group</source>
        <translation>它们的转储中没有该组的待完成条目</translation>
    </message>
</context>
<context>
    <name>collective.behind.oneWaiting</name>
    <message>
        <source>%1 did not join %2 of %3, which %4 is waiting in</source>
        <translation>%1 没有加入 %3 的 %2，而 %4 正在其中等待</translation>
    </message>
</context>
<context>
    <name>collective.behind.p2pManyForMany</name>
    <message>
        <source>%1 have posted no send or recv toward %2 in %3, which wait for them in %4.</source>
        <translation>%1 在 %3 中没有向 %2 发出任何 send 或 recv，而它们在 %4 中等待它们。</translation>
    </message>
</context>
<context>
    <name>collective.behind.p2pManyForOne</name>
    <message>
        <source>%1 have posted no send or recv toward %2 in %3, which waits for them in %4.</source>
        <translation>%1 在 %3 中没有向 %2 发出任何 send 或 recv，而后者在 %4 中等待它们。</translation>
    </message>
</context>
<context>
    <name>collective.behind.p2pOneForMany</name>
    <message>
        <source>%1 has posted no send or recv toward %2 in %3, which wait for it in %4.</source>
        <translation>%1 在 %3 中没有向 %2 发出任何 send 或 recv，而它们在 %4 中等待它。</translation>
    </message>
</context>
<context>
    <name>collective.behind.p2pOneForOne</name>
    <message>
        <source>%1 has posted no send or recv toward %2 in %3, which waits for it in %4.</source>
        <translation>%1 在 %3 中没有向 %2 发出任何 send 或 recv，而后者在 %4 中等待它。</translation>
    </message>
</context>
<context>
    <name>collective.behind.waiting</name>
    <message>
        <source>%1 did not join %2 of %3, which %4 are waiting in</source>
        <translation>%1 没有加入 %3 的 %2，而 %4 正在其中等待</translation>
    </message>
</context>
<context>
    <name>collective.claim.agrees</name>
    <message>
        <source>%1 agrees: %2</source>
        <translation>%1 同样指出：%2</translation>
    </message>
</context>
<context>
    <name>collective.claim.didNotJoin</name>
    <message>
        <source>According to %1, %2 did not join %3 of %4; no dump or log line of that group shows it first-hand.</source>
        <translation>据 %1，%2 没有加入 %4 的 %3；该组没有任何转储或日志行直接显示这一点。</translation>
    </message>
</context>
<context>
    <name>collective.claim.failed</name>
    <message>
        <source>According to %1, %2 of %3 have failed; no dump or log line of that group shows it first-hand.</source>
        <translation>据 %1，%3 的 %2 已失败；该组没有任何转储或日志行直接显示这一点。</translation>
    </message>
</context>
<context>
    <name>collective.claim.namesOthers</name>
    <message>
        <source>%1 names %2 (the records show %3)</source>
        <translation>%1 指出的是 %2（而记录显示的是 %3）</translation>
    </message>
</context>
<context>
    <name>collective.claim.oneFailed</name>
    <message>
        <source>According to %1, %2 of %3 has failed; no dump or log line of that group shows it first-hand.</source>
        <translation>据 %1，%3 的 %2 已失败；该组没有任何转储或日志行直接显示这一点。</translation>
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
        <translation>%1 的原话：%2。</translation>
    </message>
</context>
<context>
    <name>collective.claim.saidGroupRanks</name>
    <message>
        <source>%1 said (in communicator ranks): %2.</source>
        <translation>%1 的原话（通信器内 rank 编号）：%2。</translation>
    </message>
</context>
<context>
    <name>collective.claim.sameWithoutGroup</name>
    <message>
        <source>%1 shows the same without naming the group</source>
        <translation>%1 显示了相同的情况，但未指明进程组</translation>
    </message>
</context>
<context>
    <name>collective.consequence.many</name>
    <message>
        <source>They are themselves waiting in %1: a consequence, not a cause.</source>
        <translation>它们本身也在 %1 中等待：这是结果，而不是原因。</translation>
    </message>
</context>
<context>
    <name>collective.consequence.one</name>
    <message>
        <source>It is itself waiting in %1: a consequence, not a cause.</source>
        <translation>它本身也在 %1 中等待：这是结果，而不是原因。</translation>
    </message>
</context>
<context>
    <name>collective.consequence.waitsIn</name>
    <message>
        <source>%1 of %2 for %3</source>
        <translation>%2 的 %1（等待 %3）</translation>
    </message>
</context>
<context>
    <name>collective.differs.dtypes</name>
    <message>
        <source>dtypes %1 vs %2</source>
        <translation>数据类型 %1 与 %2 不同</translation>
    </message>
</context>
<context>
    <name>collective.differs.inputCounts</name>
    <message>
        <source>input counts %1 vs %2</source>
        <translation>输入元素数 %1 与 %2 不同</translation>
    </message>
</context>
<context>
    <name>collective.differs.inputSizes</name>
    <message>
        <source>input sizes %1 vs %2</source>
        <translation>输入尺寸 %1 与 %2 不同</translation>
    </message>
</context>
<context>
    <name>collective.differs.op</name>
    <message>
        <source>op %1 vs %2</source>
        <translation>操作 %1 与 %2 不同</translation>
    </message>
</context>
<context>
    <name>collective.differs.outputCounts</name>
    <message>
        <source>output counts %1 vs %2</source>
        <translation>输出元素数 %1 与 %2 不同</translation>
    </message>
</context>
<context>
    <name>collective.differs.outputDtypes</name>
    <message>
        <source>output dtypes %1 vs %2</source>
        <translation>输出数据类型 %1 与 %2 不同</translation>
    </message>
</context>
<context>
    <name>collective.differs.outputSizes</name>
    <message>
        <source>output sizes %1 vs %2</source>
        <translation>输出尺寸 %1 与 %2 不同</translation>
    </message>
</context>
<context>
    <name>collective.differs.sizesDoNotFit</name>
    <message>
        <source>sizes that do not fit %1 over %2 ranks</source>
        <translation>尺寸不符合 %2 个 rank 上的 %1</translation>
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
        <translation>一个未命名的进程组</translation>
    </message>
</context>
<context>
    <name>collective.lastCompleted.its</name>
    <message>
        <source>its last completed collective is #%1</source>
        <translation>它最后完成的集合通信是 #%1</translation>
    </message>
</context>
<context>
    <name>collective.lastCompleted.itsRange</name>
    <message>
        <source>its last completed collectives are #%1 to #%2</source>
        <translation>它最后完成的集合通信是 #%1 到 #%2</translation>
    </message>
</context>
<context>
    <name>collective.lastCompleted.their</name>
    <message>
        <source>their last completed collective is #%1</source>
        <translation>它们最后完成的集合通信是 #%1</translation>
    </message>
</context>
<context>
    <name>collective.lastCompleted.theirRange</name>
    <message>
        <source>their last completed collectives are #%1 to #%2</source>
        <translation>它们最后完成的集合通信是 #%1 到 #%2</translation>
    </message>
</context>
<context>
    <name>collective.mismatch.at</name>
    <message>
        <source>Mismatch at #%1 of %2: %3 run %4, %5 run %6</source>
        <translation>%2 的 #%1 处不一致：%3 运行 %4，%5 运行 %6</translation>
    </message>
</context>
<context>
    <name>collective.mismatch.oneRuns</name>
    <message>
        <source>%1 runs %2 at #%3 of %4 where %5 run %6</source>
        <translation>%1 在 %4 的 #%3 处运行 %2，而 %5 运行 %6</translation>
    </message>
</context>
<context>
    <name>collective.mismatch.run</name>
    <message>
        <source>%1 run %2 at #%3 of %4 where %5 run %6</source>
        <translation>%1 在 %4 的 #%3 处运行 %2，而 %5 运行 %6</translation>
    </message>
</context>
<context>
    <name>collective.mismatch.undecided</name>
    <message>
        <source>%1; with no majority on either side the data cannot tell which one is at fault.</source>
        <translation>%1；双方都不占多数，数据无法判断是哪一方出错。</translation>
    </message>
</context>
<context>
    <name>collective.noDump.oneWaits</name>
    <message>
        <source>%1 wrote no Flight Recorder dump and left no record of %2, where %3 waits in %4; a rank that wrote nothing is often the one that hung.</source>
        <translation>%1 没有写出 Flight Recorder 转储，也没有留下 %2 的任何记录，而 %3 在其中的 %4 中等待；什么都没写出的 rank 往往就是挂起的那个。</translation>
    </message>
</context>
<context>
    <name>collective.noDump.wait</name>
    <message>
        <source>%1 wrote no Flight Recorder dump and left no record of %2, where %3 wait in %4; a rank that wrote nothing is often the one that hung.</source>
        <translation>%1 没有写出 Flight Recorder 转储，也没有留下 %2 的任何记录，而 %3 在其中的 %4 中等待；什么都没写出的 rank 往往就是挂起的那个。</translation>
    </message>
</context>
<context>
    <name>collective.note.badRanks</name>
    <message>
        <source>%1 records carry an impossible rank and were left out.</source>
        <translation>%1 条记录带有不可能的 rank，已被忽略。</translation>
    </message>
</context>
<context>
    <name>collective.note.circular</name>
    <message>
        <source>%1 wait for each other across process groups with no rank that waits for nobody: the groups may have been called in a different order on different ranks.</source>
        <translation>%1 跨进程组互相等待，且没有哪个 rank 不在等待别人：这些组在不同 rank 上的调用顺序可能不同。</translation>
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
        <translation>%1 指出 %3 中的 %2；而记录显示的是 %4。结论以记录为准。</translation>
    </message>
</context>
<context>
    <name>collective.note.claimNobodyBehind</name>
    <message>
        <source>%1 names %2 in %3, but the records of that group show nobody behind.</source>
        <translation>%1 指出 %3 中的 %2，但该组的记录显示没有人落后。</translation>
    </message>
</context>
<context>
    <name>collective.note.claimSilent</name>
    <message>
        <source>%1 got no answer from %2 in %3 (%4): silence alone does not show that a rank failed.</source>
        <translation>%1 没有收到 %3 中 %2 的应答（%4）：仅凭没有应答不能说明 rank 已失败。</translation>
    </message>
</context>
<context>
    <name>collective.note.claimUnmapped</name>
    <message>
        <source>%1 names ranks inside %2 that could not be mapped to global ranks: the bundle has no member list for it.</source>
        <translation>%1 给出了 %2 内的 rank，但无法映射为全局 rank：作业包中没有该组的成员列表。</translation>
    </message>
</context>
<context>
    <name>collective.note.itSaid</name>
    <message>
        <source>It said: %1.</source>
        <translation>其原话：%1。</translation>
    </message>
</context>
<context>
    <name>collective.note.pgIdAs</name>
    <message>
        <source>pg_id %1 of %2 as %3</source>
        <translation>%2 的 pg_id %1 视为 %3</translation>
    </message>
</context>
<context>
    <name>collective.note.pgIdsInferred</name>
    <message>
        <source>Records with only a pg_id, on ranks with no record naming it, were named as ranks with the same process groups name that pg_id (%1).</source>
        <translation>只有 pg_id 的记录（其 rank 上没有记录给出该组名称）已按拥有相同进程组的 rank 为该 pg_id 所取的名称命名（%1）。</translation>
    </message>
</context>
<context>
    <name>collective.note.uncollected</name>
    <message>
        <source>%1 were left out of this merged cache (a shard that was not merged): their records are unknown, not missing.</source>
        <translation>%1 未包含在此合并缓存中（有一个分片未被合并）：它们的记录未知，而不是缺失。</translation>
    </message>
</context>
<context>
    <name>collective.note.unmappedGroupRanks</name>
    <message>
        <source>%1 records name only a rank inside their process group, and the bundle has no member list to map it to a global rank; they were left out.</source>
        <translation>%1 条记录只给出了进程组内的 rank，而作业包没有成员列表可将其映射为全局 rank；这些记录已被忽略。</translation>
    </message>
</context>
<context>
    <name>collective.note.unplaced</name>
    <message>
        <source>%1 records carry only a pg_id that no record of the same rank names (in "only active" dumps, the statuses of groups with nothing pending); they were left out.</source>
        <translation>%1 条记录只带有一个 pg_id，而同一 rank 的其他记录都没有给出它的名称（在 "only active" 转储中，没有待完成操作的组的状态）；这些记录已被忽略。</translation>
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
        <translation>该集合通信</translation>
    </message>
</context>
<context>
    <name>collective.opOfGroup</name>
    <message>
        <source>%1 of %2</source>
        <translation>%2 的 %1</translation>
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
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>collective.ranks.manyStart</name>
    <message>
        <source>Ranks %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>collective.ranks.none</name>
    <message>
        <source>no rank</source>
        <translation>没有 rank</translation>
    </message>
</context>
<context>
    <name>collective.ranks.noneStart</name>
    <message>
        <source>No rank</source>
        <translation>没有 rank</translation>
    </message>
</context>
<context>
    <name>collective.ranks.one</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>collective.ranks.oneStart</name>
    <message>
        <source>Rank %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>collective.ranks.two</name>
    <message>
        <source>ranks %1 and %2</source>
        <translation>rank %1 和 %2</translation>
    </message>
</context>
<context>
    <name>collective.ranks.twoStart</name>
    <message>
        <source>Ranks %1 and %2</source>
        <translation>rank %1 和 %2</translation>
    </message>
</context>
<context>
    <name>collective.source.analyser</name>
    <message>
        <source>PyTorch's Flight Recorder analyser</source>
        <translation>PyTorch 的 Flight Recorder 分析器</translation>
    </message>
</context>
<context>
    <name>collective.source.horovod</name>
    <message>
        <source>Horovod's stall inspector</source>
        <translation>Horovod 的 stall inspector</translation>
    </message>
</context>
<context>
    <name>collective.source.report</name>
    <message>
        <source>a report</source>
        <translation>一份报告</translation>
    </message>
</context>
<context>
    <name>collective.source.reportStart</name>
    <message>
        <source>A report</source>
        <translation>一份报告</translation>
    </message>
</context>
<context>
    <name>collective.stuck.itWentOn</name>
    <message>
        <source>%1 (it went on to complete #%2)</source>
        <translation>%1（它之后完成到了 #%2）</translation>
    </message>
</context>
<context>
    <name>collective.stuck.neverCompleted</name>
    <message>
        <source>%1 never completed %2 of %3, which %4 completed</source>
        <translation>%1 始终没有完成 %3 的 %2，而 %4 已完成</translation>
    </message>
</context>
<context>
    <name>collective.stuck.started</name>
    <message>
        <source>%1 started %2 of %3 and never completed it, which %4 completed</source>
        <translation>%1 开始了 %3 的 %2 但始终没有完成，而 %4 已完成</translation>
    </message>
</context>
<context>
    <name>collective.stuck.theyWentOn</name>
    <message>
        <source>%1 (they went on to complete #%2)</source>
        <translation>%1（它们之后完成到了 #%2）</translation>
    </message>
</context>
<context>
    <name>collective.verdict.cannotTell</name>
    <message>
        <source>%1 wait, every member at the same sequence and in the same state: the collectives cannot tell which rank is at fault (a network or NCCL-level hang?). Look at the logs (NCCL WARN, IB and Xid errors) and at the nodes.</source>
        <translation>%1 在等待，所有成员处于同一序号和同一状态：集合通信无法判断是哪个 rank 出错（网络或 NCCL 层面的挂起？）。请查看日志（NCCL WARN、IB 和 Xid 错误）和节点。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.cannotTellIn</name>
    <message>
        <source>%1 wait in %2, every member at the same sequence and in the same state: the collectives cannot tell which rank is at fault (a network or NCCL-level hang?). Look at the logs (NCCL WARN, IB and Xid errors) and at the nodes.</source>
        <translation>%1 在 %2 中等待，所有成员处于同一序号和同一状态：集合通信无法判断是哪个 rank 出错（网络或 NCCL 层面的挂起？）。请查看日志（NCCL WARN、IB 和 Xid 错误）和节点。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.emptyDumps</name>
    <message>
        <source>The Flight Recorder dumps hold no entry and no group status.</source>
        <translation>Flight Recorder 转储中没有条目，也没有组状态。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.noRecords</name>
    <message>
        <source>The bundle holds no collective records.</source>
        <translation>此作业包没有集合通信记录。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.noSingleCulprit</name>
    <message>
        <source>The collectives name no single culprit.</source>
        <translation>集合通信无法指出唯一的罪魁祸首。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.nonePending</name>
    <message>
        <source>No collective is pending on any of the %1 ranks with records: the collectives show no hang.</source>
        <translation>在有记录的 %1 个 rank 上都没有待完成的集合通信：集合通信未显示挂起。</translation>
    </message>
</context>
<context>
    <name>collective.verdict.tooFewDumps</name>
    <message>
        <source>Only %1 of %2 ranks wrote a Flight Recorder dump (%3 missing: %4): too few to line the groups up and tell who is behind.</source>
        <translation>%2 个 rank 中只有 %1 个写出了 Flight Recorder 转储（缺少 %3 个：%4）：太少，无法对齐各组并判断谁落后。</translation>
    </message>
</context>
<context>
    <name>collective.waiters.ofGroup</name>
    <message>
        <source>%1 (%2 of the group's %3)</source>
        <translation>%1（组内 %3 个中的 %2 个）</translation>
    </message>
</context>
<context>
    <name>collective.waiters.otherMany</name>
    <message>
        <source>the other %1 ranks of that group</source>
        <translation>该组的其余 %1 个 rank</translation>
    </message>
</context>
<context>
    <name>collective.waiters.otherOne</name>
    <message>
        <source>the other rank of that group</source>
        <translation>该组的另一个 rank</translation>
    </message>
</context>
<context>
    <name>collective.wholeNode</name>
    <message>
        <source>These are all the ranks of %1.</source>
        <translation>这些是 %1 上的全部 rank。</translation>
    </message>
</context>
<context>
    <name>diff.log.event</name>
    <message>
        <source>%1 event</source>
        <translation>%1 个事件</translation>
    </message>
</context>
<context>
    <name>diff.log.events</name>
    <message>
        <source>%1 events</source>
        <translation>%1 个事件</translation>
    </message>
</context>
<context>
    <name>diff.log.gone</name>
    <message>
        <source>Log template gone (%1 in the baseline, %2): %3.</source>
        <translation>日志模板消失（基线中 %1，%2）：%3。</translation>
    </message>
</context>
<context>
    <name>diff.log.inLauncher</name>
    <message>
        <source>in the launcher's output</source>
        <translation>在启动器的输出中</translation>
    </message>
</context>
<context>
    <name>diff.log.launcher</name>
    <message>
        <source>launcher</source>
        <translation>启动器</translation>
    </message>
</context>
<context>
    <name>diff.log.lessOften</name>
    <message>
        <source>%1 is logged %2 less often %3 (%4 vs %5 in the baseline).</source>
        <translation>%1 的记录频率（%3）降为基线的 %2 分之一（%4，基线为 %5）。</translation>
    </message>
</context>
<context>
    <name>diff.log.moreOften</name>
    <message>
        <source>%1 is logged %2 as often %3 (%4 vs %5 in the baseline).</source>
        <translation>%1 的记录频率（%3）是基线的 %2（%4，基线为 %5）。</translation>
    </message>
</context>
<context>
    <name>diff.log.new</name>
    <message>
        <source>New log template %1: %2 (%3).</source>
        <translation>新日志模板出现%1：%2（%3）。</translation>
    </message>
</context>
<context>
    <name>diff.log.newAmongTheRanks</name>
    <message>
        <source>New log template %1, among the ranks the others wait for: %2 (%3).</source>
        <translation>新日志模板出现%1，即在其他 rank 所等待的 rank 之中：%2（%3）。</translation>
    </message>
</context>
<context>
    <name>diff.log.newOnTheRank</name>
    <message>
        <source>New log template %1, the rank the others wait for: %2 (%3).</source>
        <translation>新日志模板出现%1，即其他 rank 所等待的那个 rank：%2（%3）。</translation>
    </message>
</context>
<context>
    <name>diff.log.onNode</name>
    <message>
        <source>on %1 (%2)</source>
        <translation>在 %1（%2）上</translation>
    </message>
</context>
<context>
    <name>diff.log.onRanks</name>
    <message>
        <source>on %1</source>
        <translation>在 %1 上</translation>
    </message>
</context>
<context>
    <name>diff.log.onTwoNodes</name>
    <message>
        <source>on %1 and %2 (%3)</source>
        <translation>在 %1 和 %2（%3）上</translation>
    </message>
</context>
<context>
    <name>diff.log.perRankHour</name>
    <message>
        <source>per rank-hour</source>
        <translation>每 rank 小时</translation>
    </message>
</context>
<context>
    <name>diff.log.perRankIteration</name>
    <message>
        <source>per rank and iteration</source>
        <translation>每个 rank 每次迭代</translation>
    </message>
</context>
<context>
    <name>diff.noSignificantChange</name>
    <message>
        <source>No significant change in %1.</source>
        <translation>%1 没有显著变化。</translation>
    </message>
</context>
<context>
    <name>diff.nothingToCompare</name>
    <message>
        <source>Nothing to compare: the runs share no stacks, logs or traces.</source>
        <translation>没有可比较的内容：两次运行没有共同的调用栈、日志或跟踪。</translation>
    </message>
</context>
<context>
    <name>diff.op.asLong</name>
    <message>
        <source>%1 takes %2 as long %3 at the median (%4 vs %5)</source>
        <translation>%1 的中位耗时（%3）变为 %2（%4 对比 %5）</translation>
    </message>
</context>
<context>
    <name>diff.op.gone</name>
    <message>
        <source>%1 is gone: it took %2 %3 at the median in the baseline.</source>
        <translation>%1 已消失：在基线中中位数为%3 %2。</translation>
    </message>
</context>
<context>
    <name>diff.op.lessTime</name>
    <message>
        <source>%1 takes %2% less time %3 at the median (%4 vs %5)</source>
        <translation>%1 的中位耗时（%3）减少了 %2%（%4 对比 %5）</translation>
    </message>
</context>
<context>
    <name>diff.op.new</name>
    <message>
        <source>%1 is new: %2 %3 at the median on %4.</source>
        <translation>%1 是新出现的：在 %4 上中位数为%3 %2。</translation>
    </message>
</context>
<context>
    <name>diff.op.nowTakesTime</name>
    <message>
        <source>%1 now takes time %2 at the median (%3 vs %4)</source>
        <translation>%1 现在的中位耗时（%2）不再为零（%3 对比 %4）</translation>
    </message>
</context>
<context>
    <name>diff.op.perIteration</name>
    <message>
        <source>per iteration</source>
        <translation>每次迭代</translation>
    </message>
</context>
<context>
    <name>diff.op.perSecondOfTrace</name>
    <message>
        <source>per second of trace</source>
        <translation>每秒跟踪</translation>
    </message>
</context>
<context>
    <name>diff.op.unchanged</name>
    <message>
        <source>%1 unchanged at the median</source>
        <translation>%1 的中位数不变</translation>
    </message>
</context>
<context>
    <name>diff.section.logs</name>
    <message>
        <source>logs</source>
        <translation>日志</translation>
    </message>
</context>
<context>
    <name>diff.section.ops</name>
    <message>
        <source>op timing</source>
        <translation>算子耗时</translation>
    </message>
</context>
<context>
    <name>diff.section.stacks</name>
    <message>
        <source>stacks</source>
        <translation>调用栈</translation>
    </message>
</context>
<context>
    <name>diff.share</name>
    <message>
        <source>%1 of %2 ranks (%3%)</source>
        <translation>%2 个 rank 中的 %1 个 (%3%)</translation>
    </message>
</context>
<context>
    <name>diff.share.ofOne</name>
    <message>
        <source>%1 of %2 rank (%3%)</source>
        <translation>%2 个 rank 中的 %1 个 (%3%)</translation>
    </message>
</context>
<context>
    <name>diff.stack.down</name>
    <message>
        <source>%1 now holds %2, down from %3 in the baseline.</source>
        <translation>%1 现在有 %2，低于基线中的 %3。</translation>
    </message>
</context>
<context>
    <name>diff.stack.fewMovedAlone</name>
    <message>
        <source>%1 are now in %2, where no rank of the baseline was, while %3 moved to %4.</source>
        <translation>%1 现在位于 %2，而基线中没有任何 rank 在此；与此同时，%3 移到了 %4。</translation>
    </message>
</context>
<context>
    <name>diff.stack.gone</name>
    <message>
        <source>No rank is in %1 any more; %2 of the baseline were.</source>
        <translation>已没有 rank 位于 %1；基线中有 %2 在此。</translation>
    </message>
</context>
<context>
    <name>diff.stack.new</name>
    <message>
        <source>%1 are now in %2; none were in the baseline.</source>
        <translation>%1 现在位于 %2；基线中没有任何 rank 在此。</translation>
    </message>
</context>
<context>
    <name>diff.stack.newOne</name>
    <message>
        <source>Rank %1 (1 of %2) is now in %3, where no rank of the baseline was.</source>
        <translation>rank %1（%2 个中的 1 个）现在位于 %3，而基线中没有任何 rank 在此。</translation>
    </message>
</context>
<context>
    <name>diff.stack.oneMovedAlone</name>
    <message>
        <source>Rank %1 (1 of %2) is now in %3, where no rank of the baseline was, while %4 moved to %5.</source>
        <translation>rank %1（%2 个中的 1 个）现在位于 %3，而基线中没有任何 rank 在此；与此同时，%4 移到了 %5。</translation>
    </message>
</context>
<context>
    <name>diff.stack.oneOther</name>
    <message>
        <source>one other rank</source>
        <translation>另一个 rank</translation>
    </message>
</context>
<context>
    <name>diff.stack.theOthers</name>
    <message>
        <source>the other %1 ranks</source>
        <translation>其余 %1 个 rank</translation>
    </message>
</context>
<context>
    <name>diff.stack.up</name>
    <message>
        <source>%1 now holds %2, up from %3 in the baseline.</source>
        <translation>%1 现在有 %2，高于基线中的 %3。</translation>
    </message>
</context>
<context>
    <name>diff.stepSeries.less</name>
    <message>
        <source>Iterations take %1, %2% less than the baseline's %3 (median of iterations %4 against %5; the first %6 iteration lines skipped as warm-up).</source>
        <translation>每次迭代耗时 %1，比基线的 %3 短 %2%（迭代 %4 与 %5 的中位数；跳过前 %6 条迭代行作为预热）。</translation>
    </message>
</context>
<context>
    <name>diff.stepSeries.lessWarmups</name>
    <message>
        <source>Iterations take %1, %2% less than the baseline's %3 (median of iterations %4 against %5; the first %6 and %7 iteration lines skipped as warm-up).</source>
        <translation>每次迭代耗时 %1，比基线的 %3 短 %2%（迭代 %4 与 %5 的中位数；分别跳过前 %6 和 %7 条迭代行作为预热）。</translation>
    </message>
</context>
<context>
    <name>diff.stepSeries.longer</name>
    <message>
        <source>Iterations take %1, %2% longer than the baseline's %3 (median of iterations %4 against %5; the first %6 iteration lines skipped as warm-up).</source>
        <translation>每次迭代耗时 %1，比基线的 %3 长 %2%（迭代 %4 与 %5 的中位数；跳过前 %6 条迭代行作为预热）。</translation>
    </message>
</context>
<context>
    <name>diff.stepSeries.longerWarmups</name>
    <message>
        <source>Iterations take %1, %2% longer than the baseline's %3 (median of iterations %4 against %5; the first %6 and %7 iteration lines skipped as warm-up).</source>
        <translation>每次迭代耗时 %1，比基线的 %3 长 %2%（迭代 %4 与 %5 的中位数；分别跳过前 %6 和 %7 条迭代行作为预热）。</translation>
    </message>
</context>
<context>
    <name>diff.stepTime.fell</name>
    <message>
        <source>Step time p90 fell from %1 to %2 (%3).</source>
        <translation>步长时间 p90 从 %1 降至 %2（%3）。</translation>
    </message>
</context>
<context>
    <name>diff.stepTime.rose</name>
    <message>
        <source>Step time p90 rose from %1 to %2 (%3).</source>
        <translation>步长时间 p90 从 %1 升至 %2（%3）。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.logMore</name>
    <message>
        <source>%1 logged %2 %3 as often as the baseline did.</source>
        <translation>%1 记录 %2 的频率是基线的 %3。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.logNew</name>
    <message>
        <source>%1 logged %2, which the baseline never did (%3 events).</source>
        <translation>%1 记录了 %2，基线中从未出现过（%3 个事件）。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.logNewOnce</name>
    <message>
        <source>%1 logged %2 once, which the baseline never did.</source>
        <translation>%1 记录了一次 %2，基线中从未出现过。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.opSlower</name>
    <message>
        <source>%1 takes %2 as long per iteration at the median over ranks (%3 against %4).</source>
        <translation>按各 rank 的中位数，%1 每次迭代的耗时是基线的 %2（%3 对比 %4）。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.stackMore</name>
    <message>
        <source>%1 now in %2, %3% of the ranks against %4% in the baseline.</source>
        <translation>%1 现在位于 %2，占 rank 的 %3%，基线中为 %4%。</translation>
    </message>
</context>
<context>
    <name>findings.baseline.stackNew</name>
    <message>
        <source>%1 now in %2, where no rank of the baseline was.</source>
        <translation>%1 现在位于 %2，而基线中没有任何 rank 到过这里。</translation>
    </message>
</context>
<context>
    <name>findings.collectives.waiting</name>
    <message>
        <source>%1 wait in %2 #%3 of %4.</source>
        <translation>%1 在 %4 的 %2 #%3 中等待。</translation>
    </message>
</context>
<context>
    <name>findings.collectives.waitingGroup</name>
    <message>
        <source>%1 wait in %2.</source>
        <translation>%1 在 %2 中等待。</translation>
    </message>
</context>
<context>
    <name>findings.collectives.waitingSeq</name>
    <message>
        <source>%1 wait at #%2 of %3.</source>
        <translation>%1 在 %3 的 #%2 处等待。</translation>
    </message>
</context>
<context>
    <name>findings.culprit.likely</name>
    <message>
        <source>%1 most likely started it (evidence from %2).</source>
        <translation>最可能的起因是 %1（证据来自 %2）。</translation>
    </message>
</context>
<context>
    <name>findings.culprit.weak</name>
    <message>
        <source>%1 may have started it (weak evidence from %2).</source>
        <translation>起因可能是 %1（证据较弱，来自 %2）。</translation>
    </message>
</context>
<context>
    <name>findings.layer.baseline</name>
    <message>
        <source>the baseline comparison</source>
        <translation>与基线的对比</translation>
    </message>
</context>
<context>
    <name>findings.layer.collectives</name>
    <message>
        <source>the collective records</source>
        <translation>集合通信记录</translation>
    </message>
</context>
<context>
    <name>findings.layer.logs</name>
    <message>
        <source>the logs</source>
        <translation>日志</translation>
    </message>
</context>
<context>
    <name>findings.layer.stacks</name>
    <message>
        <source>the stacks</source>
        <translation>栈</translation>
    </message>
</context>
<context>
    <name>findings.layer.traces</name>
    <message>
        <source>the profiler traces</source>
        <translation>性能分析跟踪</translation>
    </message>
</context>
<context>
    <name>findings.list.and</name>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
</context>
<context>
    <name>findings.need.baseline</name>
    <message>
        <source>a healthy run of the same job to compare with (--baseline)</source>
        <translation>同一作业的一次正常运行，用于对比（--baseline）</translation>
    </message>
</context>
<context>
    <name>findings.need.flightRecorder</name>
    <message>
        <source>a Flight Recorder dump of every rank (TORCH_NCCL_TRACE_BUFFER_SIZE=2000, TORCH_NCCL_DUMP_ON_TIMEOUT=1), to see who never joined which collective</source>
        <translation>每个 rank 的 Flight Recorder 转储（TORCH_NCCL_TRACE_BUFFER_SIZE=2000、TORCH_NCCL_DUMP_ON_TIMEOUT=1），以查看谁没有加入哪个集合通信</translation>
    </message>
</context>
<context>
    <name>findings.need.logs</name>
    <message>
        <source>the logs of every rank (the launcher's output or one file per rank)</source>
        <translation>每个 rank 的日志（启动器的输出，或每个 rank 一个文件）</translation>
    </message>
</context>
<context>
    <name>findings.need.moreProfilerSteps</name>
    <message>
        <source>two more profiler steps (a capture of at least three iterations), to tell a lasting straggler from one slow step</source>
        <translation>再多采集两个性能分析步骤（至少三次迭代），以区分持续的掉队者和偶尔一次的慢步</translation>
    </message>
</context>
<context>
    <name>findings.need.moreStackSamples</name>
    <message>
        <source>two or three more stack dumps of every rank, a few seconds apart (py-spy dump), to tell stuck ranks from slow ones</source>
        <translation>每个 rank 再采集两三次栈转储，每次间隔几秒（py-spy dump），以区分卡住的 rank 和只是慢的 rank</translation>
    </message>
</context>
<context>
    <name>findings.need.nodeLogs</name>
    <message>
        <source>each node's own logs: NCCL WARN lines (NCCL_DEBUG=WARN), InfiniBand errors and GPU Xid errors (dmesg)</source>
        <translation>每个节点自己的日志：NCCL WARN 行（NCCL_DEBUG=WARN）、InfiniBand 错误和 GPU Xid 错误（dmesg）</translation>
    </message>
</context>
<context>
    <name>findings.need.profilerTraces</name>
    <message>
        <source>a PyTorch profiler trace of every rank over a few steps, to see who is slow at its own work</source>
        <translation>每个 rank 若干步骤的 PyTorch 性能分析跟踪，以查看谁在自身的工作上变慢</translation>
    </message>
</context>
<context>
    <name>findings.need.stackDumps</name>
    <message>
        <source>a stack dump of every rank while the job hangs (py-spy dump)</source>
        <translation>作业挂起期间每个 rank 的栈转储（py-spy dump）</translation>
    </message>
</context>
<context>
    <name>findings.ranks.manyStart</name>
    <message>
        <source>Ranks %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>findings.ranks.oneStart</name>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
</context>
<context>
    <name>findings.subject.node</name>
    <message>
        <source>%1 (ranks %2)</source>
        <translation>%1（rank %2）</translation>
    </message>
</context>
<context>
    <name>findings.subject.rankOnNode</name>
    <message>
        <source>rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>findings.subject.rankOnNodeStart</name>
    <message>
        <source>Rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>findings.subject.ranksOnNode</name>
    <message>
        <source>ranks %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>findings.subject.ranksOnNodeStart</name>
    <message>
        <source>Ranks %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>findings.traces.waiting</name>
    <message>
        <source>%1 wait for %2 in the collectives.</source>
        <translation>%1 在集合通信中等待 %2。</translation>
    </message>
</context>
<context>
    <name>findings.undecided.cannotTell</name>
    <message>
        <source>No layer can tell which rank or node started it.</source>
        <translation>没有任何一层能判断问题是由哪个 rank 或节点引起的。</translation>
    </message>
</context>
<context>
    <name>findings.undecided.noData</name>
    <message>
        <source>The bundle holds nothing to compare.</source>
        <translation>作业包中没有可比较的内容。</translation>
    </message>
</context>
<context>
    <name>findings.undecided.nothingStandsOut</name>
    <message>
        <source>No rank or node stands out in %1.</source>
        <translation>在 %1 中没有突出的 rank 或节点。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.disagree</name>
    <message>
        <source>The layers disagree: the evidence from %1 points at %2 instead; both are listed.</source>
        <translation>各层的结论不一致：来自 %1 的证据指向 %2；两者都已列出。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.waitMany</name>
    <message>
        <source>%1 only wait for it.</source>
        <translation>%1 只是在等待它。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.waitsOne</name>
    <message>
        <source>%1 only waits for it.</source>
        <translation>%1 只是在等待它。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.wouldConfirm</name>
    <message>
        <source>What would confirm it: %1.</source>
        <translation>可以证实这一点的数据：%1。</translation>
    </message>
</context>
<context>
    <name>findings.verdict.wouldSettle</name>
    <message>
        <source>What would settle it: %1.</source>
        <translation>可以下定论的数据：%1。</translation>
    </message>
</context>
<context>
    <name>list.comma</name>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>list.or</name>
    <message>
        <source>%1 or %2</source>
        <translation>%1 或 %2</translation>
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
        <translation>%1，于 %2</translation>
    </message>
</context>
<context>
    <name>logs.baseline.higherRate</name>
    <message>
        <source>%1; also in the healthy baseline at a higher rate</source>
        <translation>%1；健康基线中也有，且频率更高</translation>
    </message>
</context>
<context>
    <name>logs.baseline.similarRate</name>
    <message>
        <source>%1; also in the healthy baseline at a similar rate</source>
        <translation>%1；健康基线中也有，频率相近</translation>
    </message>
</context>
<context>
    <name>logs.cause.rootFailure</name>
    <message>
        <source>rank %1's failure (%2, torchrun's first observed failure)</source>
        <translation>rank %1 的故障（%2，torchrun 观察到的第一个故障）</translation>
    </message>
</context>
<context>
    <name>logs.cause.template</name>
    <message>
        <source>%1's %2</source>
        <translation>%1 的 %2</translation>
    </message>
</context>
<context>
    <name>logs.effect.nodeMate</name>
    <message>
        <source>a node-mate of %1, stopped when it failed (torchrun stops a node's other workers when one fails)</source>
        <translation>%1 的同节点 rank，在其故障时被停止（一个 worker 故障时，torchrun 会停止该节点的其他 worker）</translation>
    </message>
</context>
<context>
    <name>logs.effect.nodeMateSigterm</name>
    <message>
        <source>a node-mate of %1, stopped with SIGTERM by torchrun on %2 when it failed</source>
        <translation>%1 的同节点 rank，在其故障时被 %2 上的 torchrun 用 SIGTERM 停止</translation>
    </message>
</context>
<context>
    <name>logs.effect.stopped</name>
    <message>
        <source>torchrun stopped it (%1) after %2</source>
        <translation>在 %2 之后被 torchrun 停止（%1）</translation>
    </message>
</context>
<context>
    <name>logs.exit.code</name>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
</context>
<context>
    <name>logs.exit.signal</name>
    <message>
        <source>signal %1</source>
        <translation>信号 %1</translation>
    </message>
</context>
<context>
    <name>logs.node.allLogged</name>
    <message>
        <source>all %1 of its ranks logged %2 (%3), which %4 other ranks did not</source>
        <translation>其全部 %1 个 rank 都记录了 %2（%3），其他 %4 个 rank 没有</translation>
    </message>
</context>
<context>
    <name>logs.node.label</name>
    <message>
        <source>%1 (ranks %2)</source>
        <translation>%1（rank %2）</translation>
    </message>
</context>
<context>
    <name>logs.node.ownLog</name>
    <message>
        <source>%1 (%2) in the node's own log</source>
        <translation>节点自身日志中的 %1（%2）</translation>
    </message>
</context>
<context>
    <name>logs.node.someLogged</name>
    <message>
        <source>%1 of its %2 ranks logged %3 (%4), which %5 other ranks did not</source>
        <translation>其 %2 个 rank 中有 %1 个记录了 %3（%4），其他 %5 个 rank 没有</translation>
    </message>
</context>
<context>
    <name>logs.node.suspects</name>
    <message>
        <source>%1 of its %2 ranks are suspects, e.g. %3</source>
        <translation>其 %2 个 rank 中有 %1 个是嫌疑对象，例如 %3</translation>
    </message>
</context>
<context>
    <name>logs.on</name>
    <message>
        <source>%1 on %2</source>
        <translation>%1，在 %2 上</translation>
    </message>
</context>
<context>
    <name>logs.rank.lacks</name>
    <message>
        <source>lacks %1 that %2 other ranks logged</source>
        <translation>缺少其他 %2 个 rank 记录的 %1</translation>
    </message>
</context>
<context>
    <name>logs.rank.lacksWaitedFor</name>
    <message>
        <source>lacks %1 that %2 other ranks logged (possibly the rank they wait for)</source>
        <translation>缺少其他 %2 个 rank 记录的 %1（可能正是它们在等待的 rank）</translation>
    </message>
</context>
<context>
    <name>logs.rank.logged</name>
    <message>
        <source>logged %1 (%2), which %3 other ranks did not</source>
        <translation>记录了 %1（%2），其他 %3 个 rank 没有</translation>
    </message>
</context>
<context>
    <name>logs.rank.onNode</name>
    <message>
        <source>rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>logs.rank.onNodeStart</name>
    <message>
        <source>Rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>logs.rank.rootCause</name>
    <message>
        <source>torchrun's first observed failure (%1)</source>
        <translation>torchrun 观察到的第一个故障（%1）</translation>
    </message>
</context>
<context>
    <name>logs.rank.start</name>
    <message>
        <source>Rank %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>logs.rank.stoppedEarly</name>
    <message>
        <source>nothing after iteration %1 while others reached %2</source>
        <translation>迭代 %1 之后再无记录，而其他 rank 到达了 %2</translation>
    </message>
</context>
<context>
    <name>logs.summary.nextTemplate</name>
    <message>
        <source>template %1</source>
        <translation>模板 %1</translation>
    </message>
</context>
<context>
    <name>logs.summary.none</name>
    <message>
        <source>No suspicious log templates or ranks: %1 templates over %2 ranks look alike.</source>
        <translation>没有可疑的日志模板或 rank：%2 个 rank 上的 %1 个模板看起来一致。</translation>
    </message>
</context>
<context>
    <name>logs.summary.template</name>
    <message>
        <source>Template %1</source>
        <translation>模板 %1</translation>
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
        <translation>%1；属于连带后果：%2</translation>
    </message>
</context>
<context>
    <name>logs.template.burst</name>
    <message>
        <source>%1; in a burst</source>
        <translation>%1；集中爆发</translation>
    </message>
</context>
<context>
    <name>logs.template.echo</name>
    <message>
        <source>%1; echo of %2</source>
        <translation>%1；是 %2 的连带后果</translation>
    </message>
</context>
<context>
    <name>logs.template.from</name>
    <message>
        <source>%1 from %2</source>
        <translation>%1，自 %2 起</translation>
    </message>
</context>
<context>
    <name>logs.template.iteration</name>
    <message>
        <source>%1 (iteration %2)</source>
        <translation>%1（迭代 %2）</translation>
    </message>
</context>
<context>
    <name>logs.template.launcherOutput</name>
    <message>
        <source>launcher output</source>
        <translation>启动器输出</translation>
    </message>
</context>
<context>
    <name>logs.template.missing</name>
    <message>
        <source>%1; missing on %2</source>
        <translation>%1；%2 上没有</translation>
    </message>
</context>
<context>
    <name>logs.template.newLate</name>
    <message>
        <source>%1; new late in the job</source>
        <translation>%1；作业后期新出现</translation>
    </message>
</context>
<context>
    <name>logs.template.nodeLog</name>
    <message>
        <source>%1's own log</source>
        <translation>%1 自身的日志</translation>
    </message>
</context>
<context>
    <name>logs.template.nodesLog</name>
    <message>
        <source>the own logs of %1 and %2 more nodes</source>
        <translation>%1 以及另外 %2 个节点自身的日志</translation>
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
        <translation>找出拖住分布式训练作业的 rank：把各 rank 的 py-spy 转储合并成火焰图，并为每个栈帧列出包含它、缺失它或未发送数据的 rank。</translation>
    </message>
    <message>
        <source>Open the built-in demo bundle.</source>
        <translation>打开内置的演示作业包。</translation>
    </message>
    <message>
        <source>Picture to write (.png or .svg).</source>
        <translation>要写入的图片（.png 或 .svg）。</translation>
    </message>
    <message>
        <source>Frame identity: function, file or line.</source>
        <translation>栈帧标识：function、file 或 line。</translation>
    </message>
    <message>
        <source>Threads: main, all, or a thread name.</source>
        <translation>线程：main、all 或线程名。</translation>
    </message>
    <message>
        <source>Exported picture width in pixels.</source>
        <translation>导出图片的宽度（像素）。</translation>
    </message>
    <message>
        <source>User interface language (zh_CN, ja, en).</source>
        <translation>界面语言（zh_CN、ja、en）。</translation>
    </message>
    <message>
        <source>Open the bundle, save a picture of the whole window to FILE once the analysis is shown, and quit (for docs).</source>
        <translation>打开作业包，在分析结果显示后把整个窗口的图片保存到 FILE，然后退出（用于文档）。</translation>
    </message>
    <message>
        <source>cannot write the demo bundle: %1</source>
        <translation>无法写入演示作业包：%1</translation>
    </message>
    <message>
        <source>Which demo --demo opens: hang-dataloader (stacks of a hang), straggler-gpu or slow-node (profiler traces).</source>
        <translation>--demo 打开哪个演示：hang-dataloader（卡住时的调用栈）、straggler-gpu 或 slow-node（性能分析追踪）。</translation>
    </message>
    <message>
        <source>Heatmap metric for --export-view heatmap (step_time, compute, communication, exposed_comm, ...).</source>
        <translation>--export-view heatmap 所用的热力图指标（step_time、compute、communication、exposed_comm 等）。</translation>
    </message>
    <message>
        <source>A healthy run (folder or archive) to compare the bundle with, side by side (the Diff view).</source>
        <translation>与作业包并排比较的健康运行（文件夹或归档），显示在“对比”视图中。</translation>
    </message>
    <message>
        <source>no baseline: use --baseline or "baseline" in the bundle's job.json</source>
        <translation>没有基线：请使用 --baseline，或在作业包的 job.json 中设置 "baseline"</translation>
    </message>
    <message>
        <source>both runs need profiler traces for the heatmap difference</source>
        <translation>热力图差值需要两次运行都有性能分析追踪</translation>
    </message>
    <message>
        <source>Job bundle: a folder, .tar, .tar.gz or .tar.zst archive, or a single trace, stack dump or log.</source>
        <translation>作业包：文件夹、.tar、.tar.gz 或 .tar.zst 归档，或单个跟踪、调用栈转储或日志。</translation>
    </message>
    <message>
        <source>Render VIEW (flamegraph, heatmap, diff or collectives) to --out without a window.</source>
        <translation>不打开窗口，将 VIEW（flamegraph、heatmap、diff 或 collectives）渲染到 --out。</translation>
    </message>
    <message>
        <source>Window size for --screenshot, WIDTHxHEIGHT in pixels (default: 1500x900).</source>
        <translation>--screenshot 的窗口大小，格式为 WIDTHxHEIGHT（像素，默认：1500x900）。</translation>
    </message>
    <message>
        <source>--window-size needs WIDTHxHEIGHT, e.g. 1024x768</source>
        <translation>--window-size 需要 WIDTHxHEIGHT 格式，例如 1024x768</translation>
    </message>
    <message>
        <source>View to show first: overview (the default), stacks, functions (the Stacks view with its Functions table on the top suspect's frame), heatmap, logs, logs-steps (the Logs tab's step-time and loss chart), diff, heatmap-diff (the heatmap minus the baseline's) or collectives.</source>
        <translation>首先显示的视图：overview（默认）、stacks、functions（栈视图及其函数表，定位到首要嫌疑栈帧）、heatmap、logs、logs-steps（日志页的步时与损失图）、diff、heatmap-diff（热力图减去基线）或 collectives。</translation>
    </message>
    <message>
        <source>Write the incident report of the bundle to FILE (HTML, or Markdown with a folder of pictures for .md) once every layer is loaded, and quit.</source>
        <translation>在所有层加载完成后，将作业包的事故报告写入 FILE（HTML；.md 则为 Markdown 及图片文件夹），然后退出。</translation>
    </message>
    <message>
        <source>--report needs a bundle (or --demo)</source>
        <translation>--report 需要一个作业包（或 --demo）</translation>
    </message>
    <message>
        <source>not every layer loaded in time; the report has what was in</source>
        <translation>并非所有层都及时加载；报告包含已有内容</translation>
    </message>
</context>
<context>
    <name>notes.field.missing</name>
    <message>
        <source>"%1" is missing</source>
        <translation>缺少“%1”</translation>
    </message>
</context>
<context>
    <name>notes.field.range</name>
    <message>
        <source>"%1" is out of range</source>
        <translation>“%1”超出范围</translation>
    </message>
</context>
<context>
    <name>notes.field.tooLong</name>
    <message>
        <source>"%1" is longer than %2</source>
        <translation>“%1”长于 %2</translation>
    </message>
</context>
<context>
    <name>notes.field.type</name>
    <message>
        <source>"%1" is not %2</source>
        <translation>“%1”不是%2</translation>
    </message>
</context>
<context>
    <name>notes.field.typeName</name>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>four finite numbers</source>
        <translation>四个有限数</translation>
    </message>
</context>
<context>
    <name>notes.field.value</name>
    <message>
        <source>"%1" has a value rankscope does not know</source>
        <translation>“%1”的值 rankscope 无法识别</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.changing</name>
    <message>
        <source>%1 changed while it was read: not imported</source>
        <translation>%1 在读取时发生了变化：未导入</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.newer</name>
    <message>
        <source>%1 was written by a newer rankscope (notes format %2; this one reads up to %3): not imported</source>
        <translation>%1 由更新版本的 rankscope 写入（批注格式 %2；此版本最多读取 %3）：未导入</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.noVersion</name>
    <message>
        <source>%1 has no valid "version": not imported</source>
        <translation>%1 没有有效的“version”：未导入</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.notFile</name>
    <message>
        <source>%1 is not a regular file</source>
        <translation>%1 不是普通文件</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.notJson</name>
    <message>
        <source>%1 is not valid JSON (%2): not imported</source>
        <translation>%1 不是有效的 JSON（%2）：未导入</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.notNotes</name>
    <message>
        <source>%1 is not a rankscope notes file (it needs "format": "rankscope-notes" and a "notes" list)</source>
        <translation>%1 不是 rankscope 批注文件（需要 "format": "rankscope-notes" 和 "notes" 列表）</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.noteSkipped</name>
    <message>
        <source>note %1 left out: %2</source>
        <translation>第 %1 条批注未导入：%2</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.tooDeep</name>
    <message>
        <source>%1 nests deeper than a notes file does: not imported</source>
        <translation>%1 的嵌套深度超出批注文件的范围：未导入</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.tooLarge</name>
    <message>
        <source>%1 is %2 MiB; a notes file may have at most %3 MiB: not imported</source>
        <translation>%1 大小为 %2 MiB；批注文件最多 %3 MiB：未导入</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.tooMany</name>
    <message>
        <source>%1 holds %2 notes; the first %3 were read</source>
        <translation>%1 含有 %2 条批注；只读取了前 %3 条</translation>
    </message>
</context>
<context>
    <name>notes.sidecar.unreadable</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
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
        <translation>rank %1</translation>
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
        <translation>rank %1</translation>
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
        <translation>%1，%2 UTC：%3</translation>
    </message>
</context>
<context>
    <name>rankscope::CollectiveFindingsPanel</name>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Collective findings</source>
        <translation>集合通信发现</translation>
    </message>
    <message>
        <source>No collectives analysed yet.</source>
        <translation>尚未分析集合通信。</translation>
    </message>
    <message>
        <source>%1 (undecided)</source>
        <translation>%1（无法判定）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>A consequence of a finding above: %1</source>
        <translation>上方某项发现的后果：%1</translation>
    </message>
    <message>
        <source>No suspects in the collectives.</source>
        <translation>集合通信中没有嫌疑。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation><numerusform>%n 个 rank：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation><numerusform>%n 个 rank：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n times)</source>
        <translation><numerusform>%1（%n 次）</numerusform></translation>
    </message>
    <message>
        <source>1 more note (hover to read it).</source>
        <translation>另有 1 条说明（悬停查看）。</translation>
    </message>
    <message numerus="yes">
        <source>%n more notes (hover to read them).</source>
        <translation><numerusform>另有 %n 条说明（悬停查看）。</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::CollectiveStripWidget</name>
    <message>
        <source>Ranks by collective sequence</source>
        <translation>按集合通信序号排列的 rank</translation>
    </message>
</context>
<context>
    <name>rankscope::CollectivesView</name>
    <message>
        <source>Process group:</source>
        <translation>进程组：</translation>
    </message>
    <message>
        <source>Process group</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>Entry details</source>
        <translation>条目详情</translation>
    </message>
    <message>
        <source>Open a bundle with Flight Recorder dumps, NCCL watchdog lines or profiler traces to line up its collectives.</source>
        <translation>打开包含 Flight Recorder 转储、NCCL watchdog 日志行或性能跟踪的作业包，以对齐其集合通信。</translation>
    </message>
    <message>
        <source>No collective records in this bundle.</source>
        <translation>此作业包没有集合通信记录。</translation>
    </message>
    <message>
        <source>Where the others wait</source>
        <translation>其他 rank 等待的位置</translation>
    </message>
    <message>
        <source>Shown by: %1</source>
        <translation>依据：%1</translation>
    </message>
    <message>
        <source>world size %1</source>
        <translation>world size %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
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
        <translation>没有可导出的集合通信</translation>
    </message>
    <message numerus="yes">
        <source>Waiting for them: %n rank, %1.</source>
        <translation><numerusform>等待它们的：%n 个 rank，%1。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Waiting for them: %n ranks, %1.</source>
        <translation><numerusform>等待它们的：%n 个 rank，%1。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dump</source>
        <translation><numerusform>%n 个转储</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dumps</source>
        <translation><numerusform>%n 个转储</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n Flight Recorder dump of %1 ranks</source>
        <translation><numerusform>%1 个 rank 中的 %n 个 Flight Recorder 转储</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n Flight Recorder dumps of %1 ranks</source>
        <translation><numerusform>%1 个 rank 中的 %n 个 Flight Recorder 转储</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::CoverageStrip</name>
    <message>
        <source>rank 0</source>
        <translation>rank 0</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation><numerusform>%n 个节点</numerusform></translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
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
        <translation>rank %1-%2：%3</translation>
    </message>
</context>
<context>
    <name>rankscope::DiffSummaryPanel</name>
    <message>
        <source>stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>ops</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>单步耗时</translation>
    </message>
    <message>
        <source>overall</source>
        <translation>总体</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>变化概要</translation>
    </message>
    <message>
        <source>&lt;b&gt;What changed&lt;/b&gt; &amp;nbsp; baseline &lt;b&gt;%1&lt;/b&gt; (%2) &amp;rarr; target &lt;b&gt;%3&lt;/b&gt; (%4)</source>
        <translation>&lt;b&gt;变化概要&lt;/b&gt; &amp;nbsp; 基线 &lt;b&gt;%1&lt;/b&gt;（%2）&amp;rarr; 目标运行 &lt;b&gt;%3&lt;/b&gt;（%4）</translation>
    </message>
    <message numerus="yes">
        <source>%n rank</source>
        <translation><numerusform>%n 个 rank</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation><numerusform>%n 个 rank</numerusform></translation>
    </message>
    <message>
        <source>Click to show the evidence.</source>
        <translation>点击查看证据。</translation>
    </message>
    <message>
        <source>&lt;b&gt;What changed&lt;/b&gt; &amp;nbsp; no comparison yet</source>
        <translation>&lt;b&gt;变化概要&lt;/b&gt; &amp;nbsp; 尚未比较</translation>
    </message>
</context>
<context>
    <name>rankscope::DiffView</name>
    <message>
        <source>The target has no profiler traces (traces/ folder), so there is no per-op timing to compare.</source>
        <translation>目标运行没有性能分析追踪（traces/ 文件夹），因此没有可比较的逐操作耗时。</translation>
    </message>
    <message>
        <source>The baseline has no profiler traces (traces/ folder), so there is no per-op timing to compare.</source>
        <translation>基线没有性能分析追踪（traces/ 文件夹），因此没有可比较的逐操作耗时。</translation>
    </message>
    <message>
        <source>No per-op timing to compare: both runs need profiler traces (traces/ folder).</source>
        <translation>没有可比较的逐操作耗时：两次运行都需要性能分析追踪（traces/ 文件夹）。</translation>
    </message>
    <message>
        <source>Stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Significant changes only</source>
        <translation>仅显著变化</translation>
    </message>
    <message>
        <source>Hide templates both runs log at a comparable rate.</source>
        <translation>隐藏两次运行中记录频率相当的模板。</translation>
    </message>
    <message>
        <source>Neither run has stack samples (stacks/ folder).</source>
        <translation>两次运行都没有调用栈采样（stacks/ 文件夹）。</translation>
    </message>
    <message>
        <source>Stacks (%1)</source>
        <translation>调用栈（%1）</translation>
    </message>
    <message>
        <source>Logs (%1)</source>
        <translation>日志（%1）</translation>
    </message>
    <message>
        <source>Neither run has logs (logs/ folder), so there are no log templates to compare.</source>
        <translation>两次运行都没有日志（logs/ 文件夹），因此没有可比较的日志模板。</translation>
    </message>
    <message>
        <source>The logs of both runs hold no templates to compare.</source>
        <translation>两次运行的日志中都没有可比较的模板。</translation>
    </message>
    <message>
        <source>rates per rank per iteration</source>
        <translation>频率按每 rank 每迭代计</translation>
    </message>
    <message>
        <source>rates per rank per hour (no iteration lines)</source>
        <translation>频率按每 rank 每小时计（无迭代日志行）</translation>
    </message>
    <message>
        <source>No template changed significantly; clear "Significant changes only" to see all %1.</source>
        <translation>没有模板发生显著变化；取消勾选“仅显著变化”可查看全部 %1 个。</translation>
    </message>
    <message>
        <source>%1 of %2 templates new, gone or changed in frequency</source>
        <translation>%2 个模板中有 %1 个新增、消失或频率变化</translation>
    </message>
    <message>
        <source>Ops (%1)</source>
        <translation>操作（%1）</translation>
    </message>
    <message>
        <source>Time per iteration: median over the ranks that ran each op, p10–p90 spread.</source>
        <translation>每迭代耗时：运行了该操作的 rank 上的中位数，以及 p10–p90 范围。</translation>
    </message>
    <message>
        <source>Time per second of trace (no ProfilerStep ranges): median over the ranks, p10–p90 spread.</source>
        <translation>每秒追踪内的耗时（无 ProfilerStep 区间）：各 rank 上的中位数，以及 p10–p90 范围。</translation>
    </message>
    <message>
        <source>No baseline: File &gt; Compare with Baseline…</source>
        <translation>没有基线：文件 &gt; 与基线比较…</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>baseline %1 vs target %2</source>
        <translation>基线 %1 对比目标运行 %2</translation>
    </message>
    <message>
        <source>Of %3 ops: %1 slower or new, %2 faster or gone.</source>
        <translation>%3 个操作中，%1 个变慢或新增，%2 个变快或消失。</translation>
    </message>
    <message>
        <source>The target has no logs (logs/ folder): its templates cannot be compared.</source>
        <translation>目标运行没有日志（logs/ 文件夹）：无法比较其模板。</translation>
    </message>
    <message>
        <source>The baseline has no logs (logs/ folder): against it every template of the target would look new, so the logs are not compared.</source>
        <translation>基线没有日志（logs/ 文件夹）：与之相比目标运行的每个模板都会显得是新增的，因此不比较日志。</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步耗时</translation>
    </message>
    <message>
        <source>Step time (%1)</source>
        <translation>步长时间（%1）</translation>
    </message>
</context>
<context>
    <name>rankscope::FlameGraphBreadcrumb</name>
    <message>
        <source>Zoom path</source>
        <translation>缩放路径</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>全部 rank</translation>
    </message>
    <message numerus="yes">
        <source>%n more frame</source>
        <translation><numerusform>另有 %n 个栈帧</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n more frames</source>
        <translation><numerusform>另有 %n 个栈帧</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::FlameGraphView</name>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Search frames…</source>
        <translation>搜索栈帧…</translation>
    </message>
    <message>
        <source>Highlights frames whose name contains the text (case-insensitive), or matches the regular expression when Regex is on.</source>
        <translation>高亮名称包含该文本（不区分大小写）的栈帧；开启“正则”时改为匹配正则表达式。</translation>
    </message>
    <message>
        <source>Icicle (root on top)</source>
        <translation>冰柱图（根在上）</translation>
    </message>
    <message>
        <source>Flame (root at bottom)</source>
        <translation>火焰图（根在下）</translation>
    </message>
    <message>
        <source>Width: ranks</source>
        <translation>宽度：rank 数</translation>
    </message>
    <message>
        <source>Width: samples</source>
        <translation>宽度：采样数</translation>
    </message>
    <message>
        <source>Frame width by the number of ranks through it, or by samples.</source>
        <translation>栈帧宽度按经过它的 rank 数或按采样数计算。</translation>
    </message>
    <message>
        <source>Colour: rank coverage</source>
        <translation>颜色：rank 覆盖率</translation>
    </message>
    <message>
        <source>Colour: stack class</source>
        <translation>颜色：调用栈等价类</translation>
    </message>
    <message>
        <source>Coverage: share of the ranks with data that have the frame. Stack class: ranks whose latest stacks are identical.</source>
        <translation>覆盖率：有数据的 rank 中拥有该栈帧的比例。调用栈等价类：最新调用栈完全相同的 rank。</translation>
    </message>
    <message>
        <source>invalid pattern</source>
        <translation>无效的模式</translation>
    </message>
    <message numerus="yes">
        <source>%n frame</source>
        <translation><numerusform>%n 个栈帧</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n frames</source>
        <translation><numerusform>%n 个栈帧</numerusform></translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Ranks through the matching frames: %1</source>
        <translation>经过匹配栈帧的 rank：%1</translation>
    </message>
</context>
<context>
    <name>rankscope::FlameGraphWidget</name>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>paint %1 ms · worst %2 ms · %3 boxes</source>
        <translation>绘制 %1 ms · 最慢 %2 ms · %3 个方框</translation>
    </message>
    <message>
        <source>Zoom to Frame</source>
        <translation>缩放到该栈帧</translation>
    </message>
    <message>
        <source>Copy Frame Name</source>
        <translation>复制栈帧名</translation>
    </message>
    <message>
        <source>Copy Ranks That Have It</source>
        <translation>复制包含它的 rank</translation>
    </message>
    <message>
        <source>Copy Missing Ranks</source>
        <translation>复制缺失的 rank</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Highlight Rank</source>
        <translation>高亮 Rank</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%n more ranks not listed</source>
        <translation><numerusform>另有 %n 个 rank 未列出</numerusform></translation>
    </message>
    <message>
        <source>Clear Rank Highlight</source>
        <translation>取消 Rank 高亮</translation>
    </message>
    <message>
        <source>1 more rank not listed</source>
        <translation>另有 1 个 rank 未列出</translation>
    </message>
    <message>
        <source>Drawn wider than its share (dashed underline) so that this branch of few ranks stays readable.</source>
        <translation>此分支只有少数 rank，绘制得比实际占比更宽（虚线下划线），以便阅读。</translation>
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
在合并树中出现 %n 处</numerusform></translation>
    </message>
    <message>
        <source>Ranks with a sample through this frame: %1</source>
        <translation>有采样经过此栈帧的 Rank：%1</translation>
    </message>
    <message>
        <source>No rank's stack ends in this frame.</source>
        <translation>没有 Rank 的调用栈止于此栈帧。</translation>
    </message>
    <message>
        <source>Ranks whose stack ends in this frame (it is the top): %1</source>
        <translation>调用栈止于此栈帧（栈顶）的 Rank：%1</translation>
    </message>
    <message>
        <source>Samples through this frame; a recursive frame counts each stack once.</source>
        <translation>经过此栈帧的采样数；递归栈帧每个调用栈只计一次。</translation>
    </message>
    <message>
        <source>Samples whose stack ends in this frame.</source>
        <translation>调用栈止于此栈帧的采样数。</translation>
    </message>
    <message>
        <source>On no suspect's path.</source>
        <translation>不在任何嫌疑对象的路径上。</translation>
    </message>
    <message>
        <source>At or below the frame of suspect #%1 (Suspects panel).</source>
        <translation>位于嫌疑对象 #%1 的栈帧处或其下方（见“嫌疑对象”面板）。</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Self ranks</source>
        <translation>自身 Rank</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>采样数</translation>
    </message>
    <message>
        <source>Self samples</source>
        <translation>自身采样数</translation>
    </message>
    <message>
        <source>Suspect</source>
        <translation>嫌疑</translation>
    </message>
    <message>
        <source>Ranks with a sample through the frame anywhere in the tree, and their share of the ranks with data.</source>
        <translation>在树中任意位置有采样经过该栈帧的 Rank，及其占有数据 Rank 的比例。</translation>
    </message>
    <message>
        <source>Ranks whose stack ends in the frame: what they were doing when sampled.</source>
        <translation>调用栈止于该栈帧的 Rank：采样时它们正在做的事。</translation>
    </message>
    <message>
        <source>The best suspect whose frame is this one or one of its callers.</source>
        <translation>栈帧为此栈帧或其调用者之一的最靠前嫌疑对象。</translation>
    </message>
</context>
<context>
    <name>rankscope::FunctionsPanel</name>
    <message>
        <source>Filter functions…</source>
        <translation>筛选函数…</translation>
    </message>
    <message>
        <source>Shows the functions whose name contains the text (case-insensitive). Enter opens the first one in the flame graph.</source>
        <translation>显示名称包含该文本的函数（不区分大小写）。按 Enter 在火焰图中打开第一个。</translation>
    </message>
    <message>
        <source>Filter functions</source>
        <translation>筛选函数</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>采样数</translation>
    </message>
    <message>
        <source>Callers</source>
        <translation>调用者</translation>
    </message>
    <message>
        <source>Callees</source>
        <translation>被调用者</translation>
    </message>
    <message>
        <source>The frames that call the selected function, over every place it occurs, with the ranks through each call.</source>
        <translation>调用所选函数的栈帧，汇总其出现的所有位置，并列出经过每个调用的 Rank。</translation>
    </message>
    <message>
        <source>The frames the selected function calls, over every place it occurs, with the ranks through each call.</source>
        <translation>所选函数调用的栈帧，汇总其出现的所有位置，并列出经过每个调用的 Rank。</translation>
    </message>
    <message>
        <source>Callers of %1</source>
        <translation>%1 的调用者</translation>
    </message>
    <message>
        <source>Callees of %1</source>
        <translation>%1 的被调用者</translation>
    </message>
    <message>
        <source>Ranks through this call: %1</source>
        <translation>经过此调用的 Rank：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n function(s)</source>
        <translation><numerusform>%n 个函数</numerusform></translation>
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
        <translation>按窗口的指标折线图</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>collectives</source>
        <translation>次集合通信</translation>
    </message>
    <message>
        <source>events</source>
        <translation>个事件</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>%1: target − baseline (%2)</source>
        <translation>%1：目标 − 基线（%2）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>peer median</source>
        <translation>同组中位数</translation>
    </message>
    <message>
        <source>median, %1</source>
        <translation>中位数，%1</translation>
    </message>
</context>
<context>
    <name>rankscope::HeatmapView</name>
    <message>
        <source>The per-window measurement the cells are coloured by.</source>
        <translation>单元格着色所依据的逐时间窗测量值。</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Time bins</source>
        <translation>时间分箱</translation>
    </message>
    <message>
        <source>Columns: one per training iteration (ProfilerStep), or fixed time bins of the aligned clock.</source>
        <translation>列：每个训练迭代（ProfilerStep）一列，或按对齐后时钟划分的固定时间分箱。</translation>
    </message>
    <message>
        <source>When a pixel holds several cells: their maximum (a single slow cell stays visible), mean, or 95th percentile.</source>
        <translation>当一个像素包含多个单元格时：取最大值（单个慢单元格仍然可见）、平均值或第 95 百分位数。</translation>
    </message>
    <message>
        <source>How rows are banded: by node, by role, by a parallel group, or in plain rank order.</source>
        <translation>行的分组方式：按节点、按角色、按并行组，或按普通 rank 顺序。</translation>
    </message>
    <message>
        <source>Show All</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Show every rank and window (Home).</source>
        <translation>显示所有 rank 和时间窗（Home）。</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <source>Columns:</source>
        <translation>列：</translation>
    </message>
    <message>
        <source>showing %1 × %2</source>
        <translation>显示 %1 × %2</translation>
    </message>
    <message numerus="yes">
        <source>%n outlier cell</source>
        <translation><numerusform>%n 个离群单元格</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n outlier cells</source>
        <translation><numerusform>%n 个离群单元格</numerusform></translation>
    </message>
    <message>
        <source>Difference from baseline</source>
        <translation>与基线的差值</translation>
    </message>
    <message>
        <source>Colour each cell by the target run minus the baseline (same rank, aligned iteration): red where the target is higher, blue where it is lower.</source>
        <translation>按目标运行减去基线的差值为每个单元格着色（同一 rank、对齐的迭代）：目标运行更高处为红色，更低处为蓝色。</translation>
    </message>
    <message>
        <source>target − baseline</source>
        <translation>目标运行 − 基线</translation>
    </message>
    <message>
        <source>What the colour shows: the value itself, or each cell against the median of its peers in the same window (white at the median, blue below, red above). Automatic: against the peer median for the metrics measured against other ranks.</source>
        <translation>颜色表示：数值本身，或每个单元格与同一窗口内同组中位数的比较（中位数为白，低于为蓝，高于为红）。自动：对相对其他 Rank 度量的指标按同组中位数。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>lines</source>
        <translation>折线</translation>
    </message>
    <message>
        <source>Grid: a coloured cell per rank and window. Lines: one line per rank over the windows (or per window over the ranks), with the peer median dashed. Automatic: lines for up to %1 ranks or up to %2 windows, where cells would be giant blocks.</source>
        <translation>网格：每个 Rank 和窗口一个着色单元格。折线：每个 Rank 一条跨窗口的线（或每个窗口一条跨 Rank 的线），同组中位数为虚线。自动：不超过 %1 个 Rank 或不超过 %2 个窗口时用折线，否则单元格会变成巨大的色块。</translation>
    </message>
    <message>
        <source>Pixel:</source>
        <translation>像素：</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>颜色：</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>行：</translation>
    </message>
    <message>
        <source>Draw:</source>
        <translation>绘制：</translation>
    </message>
    <message>
        <source>Not available: %1.</source>
        <translation>不可用：%1。</translation>
    </message>
    <message>
        <source>No difference: %1</source>
        <translation>无差值：%1</translation>
    </message>
    <message>
        <source>no difference: %1</source>
        <translation>无差值：%1</translation>
    </message>
    <message>
        <source>(No value of it in this bundle.)</source>
        <translation>（此 bundle 中没有它的值。）</translation>
    </message>
</context>
<context>
    <name>rankscope::HeatmapWidget</name>
    <message>
        <source>Rank by window heatmap</source>
        <translation>rank × 时间窗热力图</translation>
    </message>
    <message>
        <source>paint %1 ms · worst %2 ms</source>
        <translation>绘制 %1 ms · 最慢 %2 ms</translation>
    </message>
    <message>
        <source>Shown: the target run minus the baseline, cell by cell (same rank, aligned window); white is no change.</source>
        <translation>显示：逐单元格的目标运行减去基线（同一 rank、对齐的时间窗）；白色表示无变化。</translation>
    </message>
</context>
<context>
    <name>rankscope::LogFilterBar</name>
    <message>
        <source>all, e.g. 0-7,12</source>
        <translation>全部，例如 0-7,12</translation>
    </message>
    <message>
        <source>Ranks whose lines are shown, as ranges: "0-7,12". Empty: all.</source>
        <translation>要显示其日志行的 rank，以范围表示：“0-7,12”。留空：全部。</translation>
    </message>
    <message>
        <source>A time (UTC) such as "12:31:04" or "2024-05-01 12:31:04.250", or epoch seconds. Empty: open.</source>
        <translation>时间（UTC），如“12:31:04”或“2024-05-01 12:31:04.250”，或 Unix 纪元秒数。留空：不限。</translation>
    </message>
    <message>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Show lines from this time on.</source>
        <translation>显示从此时间起的行。</translation>
    </message>
    <message>
        <source>end</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Show lines before this time.</source>
        <translation>显示此时间之前的行。</translation>
    </message>
    <message>
        <source>Heatmap window</source>
        <translation>热力图时间窗</translation>
    </message>
    <message>
        <source>Use the window selected in the heatmap (select a cell first).</source>
        <translation>使用热力图中选中的时间窗（请先选择一个单元格）。</translation>
    </message>
    <message>
        <source>All levels</source>
        <translation>全部级别</translation>
    </message>
    <message>
        <source>Fatal only</source>
        <translation>仅致命</translation>
    </message>
    <message>
        <source>%1 and worse</source>
        <translation>%1 及更严重</translation>
    </message>
    <message>
        <source>The least severe level shown. Lines without a level are shown only with "All levels".</source>
        <translation>显示的最低级别。没有级别的行仅在选择“全部级别”时显示。</translation>
    </message>
    <message>
        <source>search text</source>
        <translation>搜索文本</translation>
    </message>
    <message>
        <source>Lines containing this text (case-insensitive), or matching it as a regular expression when ".*" is on.</source>
        <translation>包含该文本（不区分大小写）的行；开启“.*”时改为匹配该正则表达式的行。</translation>
    </message>
    <message>
        <source>Read the search text as a regular expression.</source>
        <translation>将搜索文本视为正则表达式。</translation>
    </message>
    <message>
        <source>Only the lines of one template (or click one in the table).</source>
        <translation>仅显示某个模板的行（也可在表格中点击一个模板）。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Remove every filter: show all lines.</source>
        <translation>移除所有筛选条件：显示全部行。</translation>
    </message>
    <message>
        <source>Ranks:</source>
        <translation>Rank：</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>起始：</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>结束：</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>级别：</translation>
    </message>
    <message>
        <source>Text:</source>
        <translation>文本：</translation>
    </message>
    <message>
        <source>Template:</source>
        <translation>模板：</translation>
    </message>
    <message>
        <source>Not a rank list.</source>
        <translation>不是有效的 rank 列表。</translation>
    </message>
    <message>
        <source>Not a time.</source>
        <translation>不是有效的时间。</translation>
    </message>
    <message>
        <source>The end is not after the start.</source>
        <translation>结束时间不晚于开始时间。</translation>
    </message>
    <message>
        <source>Not a regular expression: %1</source>
        <translation>不是有效的正则表达式：%1</translation>
    </message>
    <message>
        <source>template %1</source>
        <translation>模板 %1</translation>
    </message>
    <message>
        <source>All templates</source>
        <translation>全部模板</translation>
    </message>
    <message>
        <source>Show the lines of the window selected in the heatmap: %1 (%2 – %3).</source>
        <translation>显示热力图中选中时间窗的行：%1（%2 – %3）。</translation>
    </message>
    <message>
        <source>selection</source>
        <translation>选中区域</translation>
    </message>
    <message>
        <source>Copies (%1)</source>
        <translation>副本（%1）</translation>
    </message>
    <message>
        <source>Copies</source>
        <translation>副本</translation>
    </message>
    <message numerus="yes">
        <source>Also show the %n lines that are copies of a line another file holds (the same event in a rank's own log and in the launcher's output). Every count takes the event once, from the rank's own file; copies are marked "copy".</source>
        <translation><numerusform>同时显示 %n 行副本：另一个文件中也有的同一行（同一事件既在 rank 自己的日志中，又在启动器的输出中）。所有计数只计一次该事件，取自 rank 自己的文件；副本标记为“副本”。</numerusform></translation>
    </message>
    <message>
        <source>No line of this job is a copy of another file's line.</source>
        <translation>此作业没有任何一行是其他文件中某行的副本。</translation>
    </message>
</context>
<context>
    <name>rankscope::LogLineView</name>
    <message>
        <source>Log lines</source>
        <translation>日志行</translation>
    </message>
    <message>
        <source>No log lines.</source>
        <translation>没有日志行。</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line not copied</source>
        <translation><numerusform>… 另有 %n 行未复制</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… %n more lines not copied</source>
        <translation><numerusform>… 另有 %n 行未复制</numerusform></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Show rank %1 in the rank detail</source>
        <translation>在 Rank 详情中显示 rank %1</translation>
    </message>
    <message>
        <source>Only lines of rank %1</source>
        <translation>仅显示 rank %1 的行</translation>
    </message>
    <message>
        <source>Only lines of this template</source>
        <translation>仅显示此模板的行</translation>
    </message>
    <message>
        <source>Show %1 in the heatmap</source>
        <translation>在热力图中显示 %1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>时间（UTC）</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
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
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank %1 on %2</source>
        <translation>%2 上的 rank %1</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>Double-click to show the rank's detail.</source>
        <translation>双击显示该 rank 的详情。</translation>
    </message>
    <message>
        <source>Double-click to show this time in the heatmap.</source>
        <translation>双击在热力图中显示此时间。</translation>
    </message>
    <message>
        <source>Double-click to show only lines of this template.</source>
        <translation>双击仅显示此模板的行。</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line</source>
        <translation><numerusform>… 另有 %n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>… %n more lines</source>
        <translation><numerusform>… 另有 %n 行</numerusform></translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>A copy of %1: the same event, counted once, there.</source>
        <translation>%1 的副本：同一事件，只在那里计数一次。</translation>
    </message>
    <message>
        <source>Also in %1 (counted once, here).</source>
        <translation>也在 %1 中（只在此处计数一次）。</translation>
    </message>
    <message numerus="yes">
        <source>Also in %n other places, first %1 (counted once, here).</source>
        <translation><numerusform>还在另外 %n 处，第一处为 %1（只在此处计数一次）。</numerusform></translation>
    </message>
    <message>
        <source>Copy Event Text</source>
        <translation>复制事件文本</translation>
    </message>
    <message>
        <source>Collapse Event</source>
        <translation>折叠事件</translation>
    </message>
    <message>
        <source>Expand Event</source>
        <translation>展开事件</translation>
    </message>
</context>
<context>
    <name>rankscope::LogTemplateDiffModel</name>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>in the baseline: %1</source>
        <translation>基线中：%1</translation>
    </message>
    <message>
        <source>baseline: %1 events on ranks %2 · target: %3 events on ranks %4</source>
        <translation>基线：rank %2 上 %1 个事件 · 目标运行：rank %4 上 %3 个事件</translation>
    </message>
    <message>
        <source>first in the target on rank %1</source>
        <translation>在目标运行中首次出现于 rank %1</translation>
    </message>
    <message>
        <source>Double-click to show its lines in the target.</source>
        <translation>双击显示其在目标运行中的日志行。</translation>
    </message>
    <message>
        <source>Events per rank per hour (the run has no iteration lines).</source>
        <translation>每 rank 每小时的事件数（该运行没有迭代日志行）。</translation>
    </message>
    <message>
        <source>Events per rank per iteration.</source>
        <translation>每 rank 每迭代的事件数。</translation>
    </message>
    <message>
        <source>Target rate divided by baseline rate.</source>
        <translation>目标运行频率除以基线频率。</translation>
    </message>
    <message>
        <source>The iteration of its first event in the target.</source>
        <translation>其在目标运行中首个事件所在的迭代。</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Baseline rate</source>
        <translation>基线频率</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标运行</translation>
    </message>
    <message>
        <source>Target rate</source>
        <translation>目标运行频率</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>Target ranks</source>
        <translation>目标运行 rank</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>First iter</source>
        <translation>首次迭代</translation>
    </message>
</context>
<context>
    <name>rankscope::LogTemplateDiffTable</name>
    <message>
        <source>Log templates new, gone and changed against the baseline</source>
        <translation>相对基线新增、消失和变化的日志模板</translation>
    </message>
</context>
<context>
    <name>rankscope::LogTemplateModel</name>
    <message>
        <source>minority has</source>
        <translation>少数拥有</translation>
    </message>
    <message>
        <source>minority lacks</source>
        <translation>少数缺失</translation>
    </message>
    <message>
        <source>new late</source>
        <translation>后期新出现</translation>
    </message>
    <message>
        <source>burst</source>
        <translation>突发</translation>
    </message>
    <message>
        <source>rank 0 only</source>
        <translation>仅 rank 0</translation>
    </message>
    <message>
        <source>control plane</source>
        <translation>控制面</translation>
    </message>
    <message>
        <source>Only a minority of the comparable ranks logged it.</source>
        <translation>只有少数可比较的 rank 记录了它。</translation>
    </message>
    <message>
        <source>All but a few comparable ranks logged it: the few may have stopped early.</source>
        <translation>除少数外，可比较的 rank 都记录了它：这少数 rank 可能提前停止了。</translation>
    </message>
    <message>
        <source>It first appeared after the job's early phase.</source>
        <translation>它在作业的早期阶段之后才首次出现。</translation>
    </message>
    <message>
        <source>A rank logged it far more often than in its own history.</source>
        <translation>某个 rank 记录它的频率远高于该 rank 自身的历史水平。</translation>
    </message>
    <message>
        <source>Logged by rank 0 or the launcher only: compared within that role.</source>
        <translation>仅由 rank 0 或启动器记录：在该角色内比较。</translation>
    </message>
    <message>
        <source>Control-plane noise (progress bars, HTTP, downloads, checkpoint metadata).</source>
        <translation>控制面噪声（进度条、HTTP、下载、检查点元数据）。</translation>
    </message>
    <message>
        <source>%1 · iter %2</source>
        <translation>%1 · 迭代 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation><numerusform>%n 个 rank：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation><numerusform>%n 个 rank：%1</numerusform></translation>
    </message>
    <message>
        <source>rank %1 on %2</source>
        <translation>%2 上的 rank %1</translation>
    </message>
    <message>
        <source>Built-in template: %1</source>
        <translation>内置模板：%1</translation>
    </message>
    <message>
        <source>Compared within role: %1</source>
        <translation>在角色内比较：%1</translation>
    </message>
    <message>
        <source>Template id %1. Click to show its lines.</source>
        <translation>模板 ID %1。点击显示其日志行。</translation>
    </message>
    <message>
        <source>Has it: %1</source>
        <translation>包含：%1</translation>
    </message>
    <message>
        <source>Comparable ranks without it: %1</source>
        <translation>缺少它的可比较 rank：%1</translation>
    </message>
    <message>
        <source>First seen %1</source>
        <translation>首次出现于 %1</translation>
    </message>
    <message>
        <source>on rank %1</source>
        <translation>位于 rank %1</translation>
    </message>
    <message>
        <source>in iteration %1</source>
        <translation>在迭代 %1 中</translation>
    </message>
    <message>
        <source>Listed among the suspects of the analysis.</source>
        <translation>已列入分析的嫌疑对象。</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Has ranks</source>
        <translation>包含的 rank</translation>
    </message>
    <message>
        <source>Missing ranks</source>
        <translation>缺失的 rank</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>首次出现</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>The event with its variable parts replaced by &lt;*&gt; (or by the kind of value: &lt;NUM&gt;, &lt;HEX&gt;, &lt;PATH&gt; …).</source>
        <translation>可变部分被替换为 &lt;*&gt;（或替换为值的类型：&lt;NUM&gt;、&lt;HEX&gt;、&lt;PATH&gt; …）的事件。</translation>
    </message>
    <message>
        <source>Events of this template over all ranks.</source>
        <translation>所有 rank 上该模板的事件数。</translation>
    </message>
    <message>
        <source>Ranks with at least one event of this template.</source>
        <translation>至少有一个该模板事件的 rank。</translation>
    </message>
    <message>
        <source>Ranks of the same role without it.</source>
        <translation>同一角色中没有它的 rank。</translation>
    </message>
    <message>
        <source>Earliest event (UTC) and the iteration its rank was in.</source>
        <translation>最早的事件（UTC），以及其 rank 当时所处的迭代。</translation>
    </message>
    <message>
        <source>Why the template may matter. Sorting by this column puts the templates with the most warning flags first.</source>
        <translation>该模板可能值得关注的原因。按此列排序会把警示标记最多的模板排在最前。</translation>
    </message>
    <message>
        <source>cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>echo</source>
        <translation>回响</translation>
    </message>
    <message>
        <source>A local fault (CUDA, Xid, ECC, NCCL, a crash or an exception): when few ranks or one node logged it before the echoes, it is where the trouble started.</source>
        <translation>局部故障（CUDA、Xid、ECC、NCCL、崩溃或异常）：若只有少数 rank 或一个节点在回响之前记录了它，问题就从这里开始。</translation>
    </message>
    <message>
        <source>What ranks and the launcher print after a fault elsewhere (watchdog timeouts, terminate called, SIGTERM, failure reports): a consequence, not a cause.</source>
        <translation>其他地方发生故障后各 rank 和启动器打印的内容（watchdog 超时、terminate called、SIGTERM、失败报告）：是结果，而不是原因。</translation>
    </message>
</context>
<context>
    <name>rankscope::LogTemplateTable</name>
    <message>
        <source>Log templates</source>
        <translation>日志模板</translation>
    </message>
</context>
<context>
    <name>rankscope::LogsView</name>
    <message>
        <source>Suspicious only</source>
        <translation>仅可疑项</translation>
    </message>
    <message>
        <source>Filter templates</source>
        <translation>筛选模板</translation>
    </message>
    <message>
        <source>Show the templates whose text or built-in name contains this.</source>
        <translation>显示文本或内置名称包含此内容的模板。</translation>
    </message>
    <message>
        <source>No logs analysed yet.</source>
        <translation>尚未分析日志。</translation>
    </message>
    <message>
        <source>The logs were analysed; nothing stands out.</source>
        <translation>日志已分析；没有突出的异常。</translation>
    </message>
    <message numerus="yes">
        <source>%n template</source>
        <translation><numerusform>%n 个模板</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n templates</source>
        <translation><numerusform>%n 个模板</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n suspicious</source>
        <translation><numerusform>%n 个可疑</numerusform></translation>
    </message>
    <message>
        <source>showing %1</source>
        <translation>显示 %1</translation>
    </message>
    <message>
        <source>No log lines.</source>
        <translation>没有日志行。</translation>
    </message>
    <message>
        <source>No lines match the filter.</source>
        <translation>没有与筛选条件匹配的行。</translation>
    </message>
    <message>
        <source>Show only the templates the analysis lists as suspects (the ones its summary and rankscope-cli logs count).</source>
        <translation>仅显示分析列为嫌疑对象的模板（即摘要和 rankscope-cli logs 统计的那些）。</translation>
    </message>
    <message>
        <source>Templates</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Step time and loss</source>
        <translation>步长时间与损失</translation>
    </message>
    <message>
        <source>Templates (%1)</source>
        <translation>模板（%1）</translation>
    </message>
</context>
<context>
    <name>rankscope::NoteBook</name>
    <message>
        <source>The notes of this bundle cannot be read: %1</source>
        <translation>无法读取此作业包的批注：%1</translation>
    </message>
    <message>
        <source>Open a bundle to add notes to it.</source>
        <translation>请先打开作业包再添加批注。</translation>
    </message>
    <message>
        <source>The note cannot be saved: %1</source>
        <translation>无法保存批注：%1</translation>
    </message>
    <message>
        <source>The note cannot be deleted: %1</source>
        <translation>无法删除批注：%1</translation>
    </message>
    <message>
        <source>the notes of this bundle are read-only (its cache folder cannot be written)</source>
        <translation>此作业包的批注为只读（其缓存文件夹不可写）</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n note(s) from %1</source>
        <translation><numerusform>已从 %1 导入 %n 条批注</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %n updated</source>
        <translation><numerusform>；%n 条已更新</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %n already there</source>
        <translation><numerusform>；%n 条已存在</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %n left out: %1</source>
        <translation><numerusform>；%n 条未导入：%1</numerusform></translation>
    </message>
</context>
<context>
    <name>rankscope::NoteEditDialog</name>
    <message>
        <source>e.g. 37 or 128-135,200</source>
        <translation>例如 37 或 128-135,200</translation>
    </message>
    <message>
        <source>Ranks:</source>
        <translation>Rank：</translation>
    </message>
    <message>
        <source>What you found, a ticket, who to ask…</source>
        <translation>你发现了什么、工单号、该问谁…</translation>
    </message>
    <message>
        <source>Not a rank list: write ranks and ranges like 3,8-15.</source>
        <translation>不是 rank 列表：请写成 3,8-15 这样的 rank 和范围。</translation>
    </message>
    <message>
        <source>Note on %1:</source>
        <translation>%1 的批注：</translation>
    </message>
    <message>
        <source>Why they are marked (optional):</source>
        <translation>标记的原因（可选）：</translation>
    </message>
    <message>
        <source>Add Note</source>
        <translation>添加批注</translation>
    </message>
    <message>
        <source>Edit Marked Ranks</source>
        <translation>编辑标记的 rank</translation>
    </message>
    <message>
        <source>Edit Note</source>
        <translation>编辑批注</translation>
    </message>
    <message>
        <source>Mark Ranks</source>
        <translation>标记 rank</translation>
    </message>
</context>
<context>
    <name>rankscope::NoteOverlay</name>
    <message>
        <source>Edit Note…</source>
        <translation>编辑批注…</translation>
    </message>
    <message>
        <source>Delete Note</source>
        <translation>删除批注</translation>
    </message>
    <message>
        <source>Add Note to %1…</source>
        <translation>为 %1 添加批注…</translation>
    </message>
    <message>
        <source>Add Note…</source>
        <translation>添加批注…</translation>
    </message>
    <message>
        <source>Mark Ranks…</source>
        <translation>标记 rank…</translation>
    </message>
    <message>
        <source>Mark Rank %1…</source>
        <translation>标记 rank %1…</translation>
    </message>
    <message>
        <source>Draw Highlight</source>
        <translation>画高亮框</translation>
    </message>
    <message>
        <source>Draw Arrow</source>
        <translation>画箭头</translation>
    </message>
</context>
<context>
    <name>rankscope::NotesPanel</name>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Merge a colleague's notes file (.notes.json) into this bundle's notes, without duplicates</source>
        <translation>将同事的批注文件（.notes.json）合并到此作业包的批注中，不会重复</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Write every note to a file next to the bundle (.notes.json) for a colleague who opens the same bundle</source>
        <translation>将所有批注写入作业包旁边的文件（.notes.json），供打开同一作业包的同事使用</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>On</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>批注</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>No notes yet. Right-click a frame, a heatmap cell, a log line or a collective and choose &lt;i&gt;Add Note…&lt;/i&gt;; draw boxes and arrows with &lt;i&gt;Highlight&lt;/i&gt; and &lt;i&gt;Arrow&lt;/i&gt;; mark ranks with &lt;i&gt;Mark Ranks…&lt;/i&gt;. Notes are saved with the bundle and drawn into exported pictures.</source>
        <translation>还没有批注。右键单击栈帧、热力图单元格、日志行或集合通信并选择&lt;i&gt;添加批注…&lt;/i&gt;；用&lt;i&gt;高亮框&lt;/i&gt;和&lt;i&gt;箭头&lt;/i&gt;画框和箭头；用&lt;i&gt;标记 rank…&lt;/i&gt;标记 rank。批注随作业包保存，并画进导出的图片。</translation>
    </message>
</context>
<context>
    <name>rankscope::OpBreakdownModel</name>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>only this rank</source>
        <translation>仅此 rank</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>%1 on this rank against a peer median of %2</source>
        <translation>此 rank 上为 %1，同组中位数为 %2</translation>
    </message>
    <message>
        <source>%1 of %2 peers ran it</source>
        <translation>%2 个同组 rank 中有 %1 个运行了它</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Rank total (ms)</source>
        <translation>Rank 合计（ms）</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Peer median (ms)</source>
        <translation>同组中位数（ms）</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>Time this rank spent in the operation inside the window.</source>
        <translation>此 rank 在时间窗内花在该操作上的时间。</translation>
    </message>
    <message>
        <source>Median of the same total over the rank's peers (a peer that did not run it counts 0).</source>
        <translation>同组其他 rank 上同一合计值的中位数（未运行该操作的 rank 计为 0）。</translation>
    </message>
    <message>
        <source>Rank total / peer median. Above %1 is tinted warm, below %2 cool.</source>
        <translation>Rank 合计 / 同组中位数。高于 %1 以暖色标示，低于 %2 以冷色标示。</translation>
    </message>
</context>
<context>
    <name>rankscope::OpBreakdownTable</name>
    <message>
        <source>Operation breakdown against the peer median</source>
        <translation>与同组中位数对比的操作分解</translation>
    </message>
</context>
<context>
    <name>rankscope::OpDiffModel</name>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>%1: not run</source>
        <translation>%1：未运行</translation>
    </message>
    <message>
        <source>%1: median %2%3 over %4 of %5 ranks (p10 %6, p90 %7), %8 calls%3, %9 per call</source>
        <translation>%1：中位数 %2%3（%5 个 rank 中的 %4 个；p10 %6，p90 %7），%8 次调用%3，每次调用 %9</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标运行</translation>
    </message>
    <message>
        <source>change: %1%2 (%3)</source>
        <translation>变化：%1%2（%3）</translation>
    </message>
    <message>
        <source>Median time per iteration over the ranks that ran the op, with the p10–p90 spread over those ranks.</source>
        <translation>运行了该操作的 rank 上每迭代耗时的中位数，以及这些 rank 上的 p10–p90 范围。</translation>
    </message>
    <message>
        <source>Median time per second of trace over the ranks that ran the op (no ProfilerStep ranges), with the p10–p90 spread.</source>
        <translation>运行了该操作的 rank 上每秒追踪内耗时的中位数（无 ProfilerStep 区间），以及 p10–p90 范围。</translation>
    </message>
    <message>
        <source>Target median divided by baseline median.</source>
        <translation>目标运行中位数除以基线中位数。</translation>
    </message>
    <message>
        <source>Target median minus baseline median.</source>
        <translation>目标运行中位数减去基线中位数。</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>Baseline %1 (p10–p90)</source>
        <translation>基线 %1（p10–p90）</translation>
    </message>
    <message>
        <source>Target %1 (p10–p90)</source>
        <translation>目标运行 %1（p10–p90）</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>Baseline calls %1</source>
        <translation>基线调用次数 %1</translation>
    </message>
    <message>
        <source>Target calls %1</source>
        <translation>目标运行调用次数 %1</translation>
    </message>
</context>
<context>
    <name>rankscope::OpDiffTable</name>
    <message>
        <source>Per-op timing against the baseline</source>
        <translation>与基线对比的逐操作耗时</translation>
    </message>
</context>
<context>
    <name>rankscope::Overview</name>
    <message>
        <source>Stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Traces</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Flight Recorder</source>
        <translation>Flight Recorder</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
</context>
<context>
    <name>rankscope::OverviewView</name>
    <message>
        <source>frame %1</source>
        <translation>栈帧 %1</translation>
    </message>
    <message>
        <source>log template #%1</source>
        <translation>日志模板 #%1</translation>
    </message>
    <message>
        <source>rank %1, window %2</source>
        <translation>rank %1，时间窗 %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>%1 #%2 of pg %3</source>
        <translation>pg %3 的 %1 #%2</translation>
    </message>
    <message>
        <source>%1 of pg %2</source>
        <translation>pg %2 的 %1</translation>
    </message>
    <message>
        <source>baseline diff: %1</source>
        <translation>基线对比：%1</translation>
    </message>
    <message>
        <source>high confidence</source>
        <translation>高置信度</translation>
    </message>
    <message>
        <source>medium confidence</source>
        <translation>中等置信度</translation>
    </message>
    <message>
        <source>low confidence</source>
        <translation>低置信度</translation>
    </message>
    <message>
        <source>show</source>
        <translation>查看</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) agree</source>
        <translation><numerusform>%n 层一致</numerusform></translation>
    </message>
    <message>
        <source>Disagreeing: %1 point at another culprit (listed below).</source>
        <translation>不一致：%1 指向另一个元凶（见下文）。</translation>
    </message>
    <message>
        <source>What it does to the others:</source>
        <translation>它对其他 rank 的影响：</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation><numerusform>另外 %n 项</numerusform></translation>
    </message>
    <message>
        <source>To be sure: %1</source>
        <translation>若要确认：%1</translation>
    </message>
    <message>
        <source>What would settle it:</source>
        <translation>能够确定的数据：</translation>
    </message>
    <message>
        <source>What the layers see:</source>
        <translation>各层看到的情况：</translation>
    </message>
    <message>
        <source>Also seen, naming no one:</source>
        <translation>另外看到（未指向任何人）：</translation>
    </message>
    <message>
        <source>No layer dates its findings on the wall clock (stack dumps without times, traces whose clock starts at process launch), so the first anomalies cannot be lined up.</source>
        <translation>没有任何层以挂钟时间标注其发现（无时间的栈转储、时钟从进程启动开始的跟踪），因此无法对齐最早的异常。</translation>
    </message>
    <message>
        <source>First anomaly of the job: %1</source>
        <translation>作业的第一个异常：%1</translation>
    </message>
    <message>
        <source>What each rank sent</source>
        <translation>每个 rank 提供的数据</translation>
    </message>
    <message>
        <source>First anomalies</source>
        <translation>最早的异常</translation>
    </message>
    <message>
        <source>What each layer says</source>
        <translation>各层的结论</translation>
    </message>
    <message>
        <source>Open a bundle: the overview joins its stacks, traces, logs and Flight Recorder dumps into one verdict.</source>
        <translation>打开一个作业包：概览会把其中的栈、跟踪、日志和 Flight Recorder 转储汇总为一个结论。</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>作业 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation><numerusform>%n 个节点</numerusform></translation>
    </message>
    <message>
        <source>no layer with data</source>
        <translation>没有包含数据的层</translation>
    </message>
    <message>
        <source>layers: %1</source>
        <translation>层：%1</translation>
    </message>
    <message>
        <source>has %1</source>
        <translation>包含 %1</translation>
    </message>
    <message>
        <source>sent none</source>
        <translation>未提供</translation>
    </message>
    <message>
        <source>culprit</source>
        <translation>元凶</translation>
    </message>
    <message>
        <source>not in this bundle</source>
        <translation>此作业包中没有</translation>
    </message>
    <message>
        <source>Import problems (%1)</source>
        <translation>导入问题（%1）</translation>
    </message>
    <message>
        <source>Every file imported without a problem.</source>
        <translation>所有文件均已顺利导入。</translation>
    </message>
    <message>
        <source>Show all %1 in the Problems panel</source>
        <translation>在问题面板中显示全部 %1 项</translation>
    </message>
    <message>
        <source>Show them in the Problems panel</source>
        <translation>在问题面板中显示</translation>
    </message>
    <message>
        <source>the overview has nothing to export yet</source>
        <translation>概览尚无可导出的内容</translation>
    </message>
    <message>
        <source>rankscope overview</source>
        <translation>rankscope 概览</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>What more data could show:</source>
        <translation>更多数据可能揭示的：</translation>
    </message>
    <message>
        <source>Nothing suspicious to put on the time axis.</source>
        <translation>没有可放到时间轴上的可疑事件。</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>the verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>the job's summary</source>
        <translation>作业摘要</translation>
    </message>
    <message>
        <source>the culprits</source>
        <translation>元凶</translation>
    </message>
</context>
<context>
    <name>rankscope::RankDetailView</name>
    <message>
        <source>No trace was imported for rank %1.</source>
        <translation>未导入 rank %1 的追踪。</translation>
    </message>
    <message>
        <source>Click a heatmap cell to see that rank's threads and GPU streams in that window.</source>
        <translation>点击热力图中的单元格，查看该 rank 在该时间窗内的线程和 GPU 流。</translation>
    </message>
    <message>
        <source>Loading… (showing rank %1)</source>
        <translation>正在加载…（当前显示 rank %1）</translation>
    </message>
    <message>
        <source>Loading the rank's trace…</source>
        <translation>正在加载该 rank 的追踪…</translation>
    </message>
    <message>
        <source>No rank selected</source>
        <translation>未选择 rank</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>clock offset %1 applied</source>
        <translation>已应用时钟偏移 %1</translation>
    </message>
    <message>
        <source>clock not aligned</source>
        <translation>时钟未对齐</translation>
    </message>
    <message>
        <source>%1 lanes · %2 events · %3 ops</source>
        <translation>%1 条泳道 · %2 个事件 · %3 个操作</translation>
    </message>
    <message>
        <source>Back to the Views</source>
        <translation>返回视图</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Put the rank detail back in its dock (Escape)</source>
        <translation>把 Rank 详情放回停靠面板（Esc）</translation>
    </message>
    <message>
        <source>Show the rank detail in the main area, with room for every thread and GPU stream</source>
        <translation>在主区域显示 Rank 详情，为每个线程和 GPU 流留出空间</translation>
    </message>
    <message>
        <source>events left out of this merged cache</source>
        <translation>此合并缓存未保留这些事件</translation>
    </message>
</context>
<context>
    <name>rankscope::RankListPanel</name>
    <message>
        <source>one sample</source>
        <translation>单个采样</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>progressing</source>
        <translation>在推进</translation>
    </message>
    <message>
        <source>oscillating</source>
        <translation>来回振荡</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Stacks</source>
        <translation>调用栈</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进展</translation>
    </message>
    <message>
        <source>Latest stack</source>
        <translation>最新调用栈</translation>
    </message>
    <message>
        <source>Filter: ranks (0-7,37) or text</source>
        <translation>筛选：rank（0-7,37）或文本</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>有</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation>未比较</translation>
    </message>
    <message>
        <source>Another process type, or outside the compared ranks.</source>
        <translation>其他进程类型，或不在参与比较的 rank 之内。</translation>
    </message>
    <message>
        <source>cut</source>
        <translation>已截断</translation>
    </message>
    <message>
        <source>no stacks · %1</source>
        <translation>无调用栈 · %1</translation>
    </message>
    <message>
        <source>The dump was cut inside this rank's stack: it is listed under the import problems and not compared.</source>
        <translation>该 rank 的转储在调用栈中途被截断：已列入导入问题，不参与比较。</translation>
    </message>
</context>
<context>
    <name>rankscope::StackChangeList</name>
    <message>
        <source>Changed stack paths</source>
        <translation>有变化的调用栈路径</translation>
    </message>
    <message>
        <source>No stacks compared.</source>
        <translation>未比较调用栈。</translation>
    </message>
    <message>
        <source>By suspicion: paths new in the target on a minority of its ranks first, then paths few ranks are on, and among them those whose stacks do their own work (data loader, I/O, compute) before those waiting in a collective, which is what the ranks waiting for a culprit do; paths the target lost come last.
By size: the largest change in share of ranks first.</source>
        <translation>按嫌疑：先列出目标运行中仅少数 Rank 走的新路径，再列出 Rank 较少的路径，其中调用栈在做自身工作（数据加载、I/O、计算）的排在等待集合通信的之前——等待罪魁的 Rank 正是在等待；目标运行失去的路径排在最后。
按大小：Rank 占比变化最大的在前。</translation>
    </message>
</context>
<context>
    <name>rankscope::StackChangeModel</name>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>有变化</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1/%2（%3）</translation>
    </message>
    <message>
        <source>baseline ranks: %1</source>
        <translation>基线 rank：%1</translation>
    </message>
    <message>
        <source>target ranks: %1</source>
        <translation>目标运行 rank：%1</translation>
    </message>
    <message>
        <source>No baseline rank took this path.</source>
        <translation>基线中没有 rank 经过此路径。</translation>
    </message>
    <message>
        <source>No target rank takes this path any more.</source>
        <translation>目标运行中已没有 rank 经过此路径。</translation>
    </message>
    <message>
        <source>Both runs have this path, with a different share of their ranks.</source>
        <translation>两次运行都有此路径，但经过它的 rank 占比不同。</translation>
    </message>
    <message>
        <source>Target share minus baseline share of each run's ranks with data.</source>
        <translation>目标运行占比减去基线占比（各自以有数据的 rank 为分母）。</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Baseline ranks</source>
        <translation>基线 rank</translation>
    </message>
    <message>
        <source>Target ranks</source>
        <translation>目标运行 rank</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>vanished</source>
        <translation>已消失</translation>
    </message>
    <message>
        <source>lost ranks</source>
        <translation>rank 减少</translation>
    </message>
    <message>
        <source>new on a minority</source>
        <translation>少数 Rank 上新出现</translation>
    </message>
    <message>
        <source>new on most ranks</source>
        <translation>多数 Rank 上新出现</translation>
    </message>
    <message>
        <source>gained ranks</source>
        <translation>rank 增加</translation>
    </message>
    <message>
        <source>own work (%1)</source>
        <translation>自身工作（%1）</translation>
    </message>
    <message>
        <source>waiting (%1)</source>
        <translation>等待（%1）</translation>
    </message>
    <message>
        <source>Suspicion</source>
        <translation>嫌疑</translation>
    </message>
</context>
<context>
    <name>rankscope::StackComparisonView</name>
    <message>
        <source>Baseline flame graph</source>
        <translation>基线火焰图</translation>
    </message>
    <message>
        <source>Target flame graph</source>
        <translation>目标运行火焰图</translation>
    </message>
    <message>
        <source>Differential flame graph</source>
        <translation>差分火焰图</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <source>Baseline and target flame graphs next to each other, with zoom, search, selection and rank highlight coupled.</source>
        <translation>基线与目标运行的火焰图并排显示，缩放、搜索、选择和 rank 高亮相互联动。</translation>
    </message>
    <message>
        <source>Differential</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>One flame graph with the target's widths, red where a path gained share of ranks, blue where it lost; frames only in the shown run are hatched.</source>
        <translation>一张按目标运行宽度绘制的火焰图：路径的 rank 占比增加处为红色，减少处为蓝色；仅存在于当前所示运行中的栈帧带斜线阴影。</translation>
    </message>
    <message>
        <source>Reverse</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Show the baseline's widths instead, coloured by what the target lost, so paths that vanished in the target are visible.</source>
        <translation>改用基线的宽度，并按目标运行减少的部分着色，从而能看到在目标运行中消失的路径。</translation>
    </message>
    <message>
        <source>Search frames in both runs</source>
        <translation>在两次运行中搜索栈帧</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标运行</translation>
    </message>
    <message>
        <source>No paths to compare: %1 has no stacks.</source>
        <translation>没有可比较的路径：%1 没有调用栈。</translation>
    </message>
    <message>
        <source>No path changed its share of ranks by 5 points or more between %1 and %2.</source>
        <translation>在 %1 与 %2 之间，没有路径的 rank 占比变化达到 5 个百分点或以上。</translation>
    </message>
    <message>
        <source>No runs compared.</source>
        <translation>未比较任何运行。</translation>
    </message>
    <message>
        <source>%1 has no stacks (no py-spy dumps in its bundle, or none for the chosen threads).</source>
        <translation>%1 没有调用栈（其作业包中没有 py-spy 转储，或所选线程没有）。</translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation><numerusform>%n 个 rank</numerusform></translation>
    </message>
    <message>
        <source>no stacks</source>
        <translation>无调用栈</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>Baseline: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>Target: %1</source>
        <translation>目标运行：%1</translation>
    </message>
    <message>
        <source>Widths of the baseline %1, coloured by what %2 lost: blue paths lost ranks, hatched blue paths vanished from %2.</source>
        <translation>宽度取自基线 %1，按 %2 减少的部分着色：蓝色路径的 rank 减少，带斜线的蓝色路径已从 %2 中消失。</translation>
    </message>
    <message>
        <source>Widths of the target %1, coloured by the change against %2: red paths gained ranks, hatched red paths are new.</source>
        <translation>宽度取自目标运行 %1，按相对 %2 的变化着色：红色路径的 rank 增加，带斜线的红色路径为新增。</translation>
    </message>
    <message>
        <source>The differential flame graph needs stacks from both runs: %1 has none.</source>
        <translation>差分火焰图需要两次运行的调用栈：%1 没有。</translation>
    </message>
    <message>
        <source>Neither %1 nor %2 has stacks.</source>
        <translation>%1 和 %2 都没有调用栈。</translation>
    </message>
    <message>
        <source>Matched: %1 / %2</source>
        <translation>匹配：%1 / %2</translation>
    </message>
    <message>
        <source>Share of the ranks with data whose stacks hold a matching frame: baseline %1 / target %2.</source>
        <translation>有数据的 rank 中，调用栈含匹配栈帧的比例：基线 %1 / 目标运行 %2。</translation>
    </message>
    <message>
        <source>1 rank</source>
        <translation>1 个 rank</translation>
    </message>
    <message>
        <source>Changed paths</source>
        <translation>变化的路径</translation>
    </message>
    <message>
        <source>Most suspicious first</source>
        <translation>最可疑的在前</translation>
    </message>
    <message>
        <source>Largest change first</source>
        <translation>变化最大的在前</translation>
    </message>
    <message>
        <source>Order of the changed paths</source>
        <translation>变化路径的排序</translation>
    </message>
</context>
<context>
    <name>rankscope::StepSeriesChart</name>
    <message>
        <source>Step time and loss per iteration</source>
        <translation>每次迭代的步长时间与损失</translation>
    </message>
    <message numerus="yes">
        <source>%n iteration lines, too few after the warm-up for a steady step time.</source>
        <translation><numerusform>%n 行迭代记录，去掉预热后太少，无法得出稳定的步长时间。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 per iteration (the median of iterations %2–%3; the first %n lines skipped as warm-up).</source>
        <translation><numerusform>每次迭代 %1（迭代 %2–%3 的中位数；前 %n 行作为预热跳过）。</numerusform></translation>
    </message>
    <message>
        <source>step time %1</source>
        <translation>步长时间 %1</translation>
    </message>
    <message>
        <source>loss %1</source>
        <translation>损失 %1</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>baseline %1, iteration %2: %3</source>
        <translation>基线 %1，迭代 %2：%3</translation>
    </message>
    <message>
        <source>No iteration lines in the logs: Megatron-LM's "iteration N/M | ... elapsed time per iteration (ms)", DeepSpeed's "steps: N loss: ... iter time (s)", HF Trainer's {'loss': ...} or a tqdm bar give the job's step time and loss per iteration.</source>
        <translation>日志中没有迭代行：Megatron-LM 的 "iteration N/M | ... elapsed time per iteration (ms)"、DeepSpeed 的 "steps: N loss: ... iter time (s)"、HF Trainer 的 {'loss': ...} 或 tqdm 进度条会给出作业每次迭代的步长时间与损失。</translation>
    </message>
    <message>
        <source>No logs analysed yet.</source>
        <translation>尚未分析日志。</translation>
    </message>
    <message>
        <source>From %1's iteration lines of no rank (its last rank prints them).</source>
        <translation>来自 %1 不属于任何 rank 的迭代行（由最后一个 rank 打印）。</translation>
    </message>
    <message numerus="yes">
        <source>From %1 iteration lines: per iteration the median over %n ranks.</source>
        <translation><numerusform>来自 %1 的迭代行：每次迭代取 %n 个 rank 的中位数。</numerusform></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Baseline %1: %2</source>
        <translation>基线 %1：%2</translation>
    </message>
    <message>
        <source>Iterations take %1, %2% longer than the baseline's %3.</source>
        <translation>每次迭代耗时 %1，比基线的 %3 长 %2%。</translation>
    </message>
    <message>
        <source>Iterations take %1, %2% less than the baseline's %3.</source>
        <translation>每次迭代耗时 %1，比基线的 %3 短 %2%。</translation>
    </message>
    <message>
        <source>No significant change in step time against the baseline (%1%2%; a change needs at least 5% and a rank-sum test with |z| ≥ 3).</source>
        <translation>与基线相比步长时间没有显著变化（%1%2%；变化需要至少 5% 且秩和检验 |z| ≥ 3）。</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Step time (%1, from the time between lines)</source>
        <translation>步长时间（%1，由相邻行的时间间隔得出）</translation>
    </message>
    <message>
        <source>Step time (%1)</source>
        <translation>步长时间（%1）</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Step time (baseline %1)</source>
        <translation>步长时间（基线 %1）</translation>
    </message>
    <message>
        <source>Loss (baseline %1)</source>
        <translation>损失（基线 %1）</translation>
    </message>
    <message>
        <source>Loss (%1)</source>
        <translation>损失（%1）</translation>
    </message>
    <message>
        <source>Step time and loss</source>
        <translation>步长时间与损失</translation>
    </message>
    <message>
        <source>baseline %1 vs %2</source>
        <translation>基线 %1 对比 %2</translation>
    </message>
</context>
<context>
    <name>rankscope::StepTimeDistributionWidget</name>
    <message>
        <source>Step-time distributions of the baseline and the target</source>
        <translation>基线与目标运行的单步耗时分布</translation>
    </message>
    <message>
        <source>no step times</source>
        <translation>无单步耗时</translation>
    </message>
    <message>
        <source>median %1 · p90 %2 · p99 %3 · max %4</source>
        <translation>中位数 %1 · p90 %2 · p99 %3 · 最大值 %4</translation>
    </message>
    <message>
        <source>Step time, all ranks and iterations</source>
        <translation>单步耗时（全部 rank 和迭代）</translation>
    </message>
    <message>
        <source>Neither run has step times (no ProfilerStep ranges in the traces).</source>
        <translation>两次运行都没有单步耗时（追踪中没有 ProfilerStep 区间）。</translation>
    </message>
    <message>
        <source>Click to compare in the heatmap (difference mode) ▸</source>
        <translation>点击在热力图中比较（差值模式）▸</translation>
    </message>
    <message>
        <source>baseline · %1</source>
        <translation>基线 · %1</translation>
    </message>
    <message>
        <source>target · %1</source>
        <translation>目标运行 · %1</translation>
    </message>
    <message>
        <source>%1: no step times</source>
        <translation>%1：无单步耗时</translation>
    </message>
    <message>
        <source>%1: %2 steps · p10 %3 · median %4 · p90 %5 · p99 %6 · max %7</source>
        <translation>%1：%2 个单步 · p10 %3 · 中位数 %4 · p90 %5 · p99 %6 · 最大值 %7</translation>
    </message>
    <message>
        <source>baseline %1</source>
        <translation>基线 %1</translation>
    </message>
    <message>
        <source>target %1</source>
        <translation>目标运行 %1</translation>
    </message>
    <message>
        <source>Click to open the heatmap in difference mode (step time).</source>
        <translation>点击以差值模式打开热力图（单步耗时）。</translation>
    </message>
</context>
<context>
    <name>rankscope::SuspectsPanel</name>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>栈帧</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Suspects</source>
        <translation>嫌疑对象</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>Blocker</source>
        <translation>阻塞者</translation>
    </message>
    <message>
        <source>Desync</source>
        <translation>不同步</translation>
    </message>
    <message>
        <source>Minority path</source>
        <translation>少数路径</translation>
    </message>
    <message>
        <source>Missed by few</source>
        <translation>少数缺失</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>No stacks analysed yet.</source>
        <translation>尚未分析调用栈。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank: %1</source>
        <translation><numerusform>%n 个 rank：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation><numerusform>%n 个 rank：%1</numerusform></translation>
    </message>
    <message>
        <source>No suspects: there are no stacks to compare.</source>
        <translation>没有嫌疑对象：没有可比较的调用栈。</translation>
    </message>
    <message>
        <source>No suspects: the ranks are progressing.</source>
        <translation>没有嫌疑对象：各 rank 都在推进。</translation>
    </message>
    <message>
        <source>No suspects: the stacks cannot tell (see the verdict).</source>
        <translation>没有嫌疑对象：调用栈无法判断（见结论）。</translation>
    </message>
    <message>
        <source>No suspects: every rank has the same stack.</source>
        <translation>没有嫌疑对象：所有 rank 的调用栈相同。</translation>
    </message>
    <message>
        <source>No suspects: no path is rare enough to single out.</source>
        <translation>没有嫌疑对象：没有足够少见的路径可以单独指出。</translation>
    </message>
</context>
<context>
    <name>rankscope::TraceTimelineWidget</name>
    <message>
        <source>Trace timeline</source>
        <translation>追踪时间线</translation>
    </message>
    <message>
        <source>start: %1 into the window</source>
        <translation>开始：时间窗起点后 %1</translation>
    </message>
    <message>
        <source>duration: %1</source>
        <translation>时长：%1</translation>
    </message>
    <message>
        <source>collective: %1 · process group %2</source>
        <translation>集合通信：%1 · 进程组 %2</translation>
    </message>
    <message>
        <source>%1 elements</source>
        <translation>%1 个元素</translation>
    </message>
    <message>
        <source>No events in this window.</source>
        <translation>此时间窗内没有事件。</translation>
    </message>
    <message>
        <source>No trace to show.</source>
        <translation>没有可显示的追踪。</translation>
    </message>
    <message>
        <source>time in window</source>
        <translation>时间窗内时间</translation>
    </message>
    <message>
        <source>stack sample</source>
        <translation>调用栈采样</translation>
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
        <translation>检查点 I/O</translation>
    </message>
</context>
<context>
    <name>stack.class.collective</name>
    <message>
        <source>a collective</source>
        <translation>集合通信</translation>
    </message>
</context>
<context>
    <name>stack.class.compute</name>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
</context>
<context>
    <name>stack.class.cudaSync</name>
    <message>
        <source>a CUDA synchronize</source>
        <translation>CUDA 同步</translation>
    </message>
</context>
<context>
    <name>stack.class.dataLoader</name>
    <message>
        <source>data loading</source>
        <translation>数据加载</translation>
    </message>
</context>
<context>
    <name>stack.class.empty</name>
    <message>
        <source>an empty stack</source>
        <translation>空调用栈</translation>
    </message>
</context>
<context>
    <name>stack.class.garbageCollection</name>
    <message>
        <source>garbage collection</source>
        <translation>垃圾回收</translation>
    </message>
</context>
<context>
    <name>stack.class.idle</name>
    <message>
        <source>an idle wait</source>
        <translation>空闲等待</translation>
    </message>
</context>
<context>
    <name>stack.class.p2p</name>
    <message>
        <source>a point-to-point wait</source>
        <translation>点对点等待</translation>
    </message>
</context>
<context>
    <name>stack.class.python</name>
    <message>
        <source>Python code</source>
        <translation>Python 代码</translation>
    </message>
</context>
<context>
    <name>stack.suspect.blocker</name>
    <message>
        <source>%1: not in a collective while %2 ranks wait in %3</source>
        <translation>%1：不在集合通信中，而 %2 个 rank 在 %3 中等待</translation>
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
        <translation>%1：转储在调用栈中途被截断（%2）：按截断显示，不参与比较（未知，不计为缺失）</translation>
    </message>
</context>
<context>
    <name>stack.suspect.dumpsCut</name>
    <message>
        <source>%1: the dump was cut inside the stack (%2 and others): shown as cut, not compared (unknown, not counted as missing)</source>
        <translation>%1：转储在调用栈中途被截断（%2 等）：按截断显示，不参与比较（未知，不计为缺失）</translation>
    </message>
</context>
<context>
    <name>stack.suspect.minorityPath</name>
    <message>
        <source>%1: only %2 of %3 ranks take this path</source>
        <translation>%1：%3 个 rank 中只有 %2 个走这条路径</translation>
    </message>
</context>
<context>
    <name>stack.suspect.missedByFew</name>
    <message>
        <source>%1: missing from a path the other %2 ranks take</source>
        <translation>%1：不在其余 %2 个 rank 都走的路径上</translation>
    </message>
</context>
<context>
    <name>stack.suspect.noSamples</name>
    <message>
        <source>%1: no stack samples although the job has them: dead, unreachable, or the dump failed (unknown, not counted as missing)</source>
        <translation>%1：作业有调用栈采样，它却没有：已退出、无法访问或转储失败（未知，不计为缺失）</translation>
    </message>
</context>
<context>
    <name>stack.suspect.otherCallPath</name>
    <message>
        <source>%1: in %2 from a different call path than the other %3 waiting ranks</source>
        <translation>%1：在 %2 中，但调用路径与其余 %3 个等待的 rank 不同</translation>
    </message>
</context>
<context>
    <name>stack.suspect.outOfStep</name>
    <message>
        <source>%1: waiting in %2 while %3 ranks wait in %4: the collectives are out of step</source>
        <translation>%1：在 %2 中等待，而 %3 个 rank 在 %4 中等待：集合通信步调不一致</translation>
    </message>
</context>
<context>
    <name>stack.temporal.allStuck</name>
    <message>
        <source>stacks unchanged across %1 samples</source>
        <translation>%1 次采样中调用栈均未变化</translation>
    </message>
</context>
<context>
    <name>stack.temporal.allStuckOver</name>
    <message>
        <source>stacks unchanged across %1 samples over %2 s</source>
        <translation>%2 秒内 %1 次采样中调用栈均未变化</translation>
    </message>
</context>
<context>
    <name>stack.temporal.allWorking</name>
    <message>
        <source>their stacks change between samples: they are working while others wait</source>
        <translation>其调用栈在采样之间变化：它们在工作，而其他 rank 在等待</translation>
    </message>
</context>
<context>
    <name>stack.temporal.stuck</name>
    <message>
        <source>stack unchanged across %1 samples</source>
        <translation>%1 次采样中调用栈未变化</translation>
    </message>
</context>
<context>
    <name>stack.temporal.stuckOver</name>
    <message>
        <source>stack unchanged across %1 samples over %2 s</source>
        <translation>%2 秒内 %1 次采样中调用栈未变化</translation>
    </message>
</context>
<context>
    <name>stack.temporal.working</name>
    <message>
        <source>its stack changes between samples: it is working while others wait</source>
        <translation>其调用栈在采样之间变化：它在工作，而其他 rank 在等待</translation>
    </message>
</context>
<context>
    <name>stack.verdict.allInSameWait</name>
    <message>
        <source>All %1 ranks wait in %2: the stacks cannot tell which rank blocks. Look at the logs, collective sequence numbers or timing.</source>
        <translation>全部 %1 个 rank 都在 %2 中等待：调用栈无法判断是哪个 rank 阻塞。请查看日志、集合通信序号或耗时。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.blockersFound</name>
    <message>
        <source>%1 of %2 ranks wait in %3; %4</source>
        <translation>%2 个 rank 中有 %1 个在 %3 中等待；%4</translation>
    </message>
</context>
<context>
    <name>stack.verdict.mostRanksMissing</name>
    <message>
        <source>Cannot tell: %1 of %2 ranks sent no stacks (%3). The stacks of the other %4 ranks cannot name a blocker; collect dumps from every rank.</source>
        <translation>无法判断：%2 个 rank 中有 %1 个没有发来调用栈（%3）。其余 %4 个 rank 的调用栈无法指出阻塞者；请收集每个 rank 的转储。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.mostRanksMissingOneLeft</name>
    <message>
        <source>Cannot tell: %1 of %2 ranks sent no stacks (%3). The stacks of the other %4 rank cannot name a blocker; collect dumps from every rank.</source>
        <translation>无法判断：%2 个 rank 中有 %1 个没有发来调用栈（%3）。其余 %4 个 rank 的调用栈无法指出阻塞者；请收集每个 rank 的转储。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noHang</name>
    <message>
        <source>No hang: every rank is progressing (each rank's stack changed between its samples).</source>
        <translation>没有卡住：每个 rank 都在推进（每个 rank 的调用栈在采样之间都有变化）。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noMajority</name>
    <message>
        <source>No strict majority: %1 different stacks, the largest shared by %2 of %3 ranks. The stacks cannot tell waiters from blockers.</source>
        <translation>没有严格多数：共 %1 种不同调用栈，最大的一种由 %3 个 rank 中的 %2 个共享。调用栈无法区分等待者与阻塞者。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noMatchingSamples</name>
    <message>
        <source>No stack samples match the current choice of role and threads.</source>
        <translation>没有调用栈采样符合当前选择的角色和线程。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noStackDumps</name>
    <message>
        <source>The bundle has no stack dumps (stacks/ folder): nothing to merge here.</source>
        <translation>作业包中没有调用栈转储（stacks/ 文件夹）：这里没有可合并的内容。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noWaitMajority</name>
    <message>
        <source>%1 of %2 ranks share one stack that is not a collective wait: the waiter/blocker rule does not apply; minority paths are listed.</source>
        <translation>%2 个 rank 中有 %1 个共享同一个调用栈，但不是集合通信等待：等待者/阻塞者规则不适用；下面列出少数路径。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.nodeElsewhere</name>
    <message>
        <source>%1 is elsewhere and may be what they wait for.</source>
        <translation>%1 在别处，可能正是它们在等待的对象。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.noneStayed</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>stack.verdict.oneRank</name>
    <message>
        <source>Only %1 rank has stacks: no majority exists, so the stacks cannot name a culprit.</source>
        <translation>只有 %1 个 rank 有调用栈：不存在多数，调用栈无法指出元凶。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.oneRankElsewhere</name>
    <message>
        <source>1 rank is elsewhere and may be what they wait for.</source>
        <translation>1 个 rank 在别处，可能正是它们在等待的对象。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.onlySomeStayed</name>
    <message>
        <source>only %1 of %2</source>
        <translation>%2 个中只有 %1 个</translation>
    </message>
</context>
<context>
    <name>stack.verdict.ranksElsewhere</name>
    <message>
        <source>%1 ranks are elsewhere and may be what they wait for.</source>
        <translation>%1 个 rank 在别处，可能正是它们在等待的对象。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.silentRanks</name>
    <message>
        <source>%1 sent no stacks and may be what they wait for.</source>
        <translation>%1 没有发来调用栈，可能正是它们在等待的对象。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.syncNote</name>
    <message>
        <source>%1 (%2 of them in a CUDA synchronize)</source>
        <translation>%1（其中 %2 个在 CUDA 同步中）</translation>
    </message>
</context>
<context>
    <name>stack.verdict.tooFewRanks</name>
    <message>
        <source>Only %1 ranks have stacks: no majority exists, so the stacks cannot name a culprit.</source>
        <translation>只有 %1 个 rank 有调用栈：不存在多数，调用栈无法指出元凶。</translation>
    </message>
</context>
<context>
    <name>stack.verdict.waitersChange</name>
    <message>
        <source>Progressing, no hang: %1 of %2 ranks wait in %3 in the latest sample, but the waiters change from sample to sample (%4 stayed in the same collective from the same call path).</source>
        <translation>在推进，没有卡住：最新采样中 %2 个 rank 有 %1 个在 %3 中等待，但等待者在各次采样间不断变化（%4 停留在同一调用路径的同一集合通信中）。</translation>
    </message>
</context>
<context>
    <name>straggler.also</name>
    <message>
        <source>also %1 %2</source>
        <translation>另有%1 %2</translation>
    </message>
</context>
<context>
    <name>straggler.arrivalOrder.average</name>
    <message>
        <source>Yet %1 arrived last at %2 of its %3 collectives and the others waited %4 for it (%5% of a step on average): what delays it is outside the work the traces measure (data loading, host work before its collectives); look at it first.</source>
        <translation>但 %1 在其 %3 次集合通信中有 %2 次最后到达，其他 rank 为它共等待了 %4（平均占一步的 %5%）：拖慢它的原因在追踪所测量的工作之外（数据加载、集合通信前的主机端工作）；请先查看它。</translation>
    </message>
</context>
<context>
    <name>straggler.arrivalOrder.one</name>
    <message>
        <source>Yet %1 arrived last at %2 of its %3 collectives and the others waited %4 for it (%5% of a step): what delays it is outside the work the traces measure (data loading, host work before its collectives); look at it first.</source>
        <translation>但 %1 在其 %3 次集合通信中有 %2 次最后到达，其他 rank 为它共等待了 %4（占一步的 %5%）：拖慢它的原因在追踪所测量的工作之外（数据加载、集合通信前的主机端工作）；请先查看它。</translation>
    </message>
</context>
<context>
    <name>straggler.clause.nodeAbove</name>
    <message>
        <source>its ranks' %1 is %2 above their peers' %3</source>
        <translation>%3其各 rank 的%1比同组高 %2</translation>
    </message>
</context>
<context>
    <name>straggler.clause.nodeBelow</name>
    <message>
        <source>its ranks' %1 is %2 below their peers' %3</source>
        <translation>%3其各 rank 的%1比同组低 %2</translation>
    </message>
</context>
<context>
    <name>straggler.clause.rankAbove</name>
    <message>
        <source>its %1 is %2 above its peers' %3</source>
        <translation>%3其%1比同组高 %2</translation>
    </message>
</context>
<context>
    <name>straggler.clause.rankBelow</name>
    <message>
        <source>its %1 is %2 below its peers' %3</source>
        <translation>%3其%1比同组低 %2</translation>
    </message>
</context>
<context>
    <name>straggler.confidence.iterations</name>
    <message>
        <source>confirmed in %1 of %2 iterations</source>
        <translation>在 %2 个迭代中的 %1 个得到确认</translation>
    </message>
</context>
<context>
    <name>straggler.confidence.tentative</name>
    <message>
        <source>tentative (%1)</source>
        <translation>暂定（%1）</translation>
    </message>
</context>
<context>
    <name>straggler.confidence.timeBins</name>
    <message>
        <source>confirmed in %1 of %2 time bins</source>
        <translation>在 %2 个时间分箱中的 %1 个得到确认</translation>
    </message>
</context>
<context>
    <name>straggler.cost.oneStep</name>
    <message>
        <source>~%1 in that step</source>
        <translation>该步约 %1</translation>
    </message>
</context>
<context>
    <name>straggler.cost.oneTimeBin</name>
    <message>
        <source>~%1 in that time bin</source>
        <translation>该时间分箱约 %1</translation>
    </message>
</context>
<context>
    <name>straggler.cost.steps</name>
    <message>
        <source>~%1 per step, %2 over %3 steps</source>
        <translation>每步约 %1，%3 步共 %2</translation>
    </message>
</context>
<context>
    <name>straggler.cost.timeBins</name>
    <message>
        <source>~%1 per time bin, %2 over %3 time bins</source>
        <translation>每个时间分箱约 %1，%3 个时间分箱共 %2</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.jobLevelLines</name>
    <message>
        <source>%1: their %2 iteration lines carry no rank (a job-wide series, printed by one rank for all)</source>
        <translation>%1：其 %2 条迭代日志行不带 rank（作业级序列，由一个 rank 代表全体打印）</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.logsTimeOfOneRank</name>
    <message>
        <source>the logs give step times for %1 of 1 rank</source>
        <translation>日志给出了 1 个 rank 中 %1 个的单步耗时</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.logsTimeOfRanks</name>
    <message>
        <source>the logs give step times for %1 of %2 ranks</source>
        <translation>日志给出了 %2 个 rank 中 %1 个的单步耗时</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.noIterationLines</name>
    <message>
        <source>%1: they have timestamps but no iteration lines with step times</source>
        <translation>%1：日志有时间戳，但没有带单步耗时的迭代行</translation>
    </message>
</context>
<context>
    <name>straggler.coverage.othersUntimed</name>
    <message>
        <source>%1 (the others print no iteration lines)</source>
        <translation>%1（其余 rank 不打印迭代行）</translation>
    </message>
</context>
<context>
    <name>straggler.detectorTally</name>
    <message>
        <source>rank %1 was the slowest in %2 of %3 reports of Megatron's straggler detector (round trip %4 above the fastest rank, median); the detector names only the fastest and slowest rank per report</source>
        <translation>在 Megatron straggler detector 的 %3 份报告中，rank %1 有 %2 份是最慢的（往返时间比最快的 rank 高 %4，中位数）；该 detector 每份报告只给出最快和最慢的 rank</translation>
    </message>
</context>
<context>
    <name>straggler.metric.causedWait</name>
    <message>
        <source>wait caused</source>
        <translation>造成的等待</translation>
    </message>
</context>
<context>
    <name>straggler.metric.collectiveWait</name>
    <message>
        <source>collective wait</source>
        <translation>集合通信等待</translation>
    </message>
</context>
<context>
    <name>straggler.metric.commPerGigabyte</name>
    <message>
        <source>communication per GB</source>
        <translation>每 GB 通信</translation>
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
        <translation>通信传输</translation>
    </message>
</context>
<context>
    <name>straggler.metric.computeTime</name>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
</context>
<context>
    <name>straggler.metric.cpuOpTime</name>
    <message>
        <source>CPU op time</source>
        <translation>CPU 算子耗时</translation>
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
        <translation>detector 往返时间</translation>
    </message>
</context>
<context>
    <name>straggler.metric.exposedCommunication</name>
    <message>
        <source>exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
</context>
<context>
    <name>straggler.metric.gpuIdle</name>
    <message>
        <source>GPU idle</source>
        <translation>GPU 空闲</translation>
    </message>
</context>
<context>
    <name>straggler.metric.lateArrivals</name>
    <message>
        <source>last arrivals</source>
        <translation>最后到达</translation>
    </message>
</context>
<context>
    <name>straggler.metric.launchGap</name>
    <message>
        <source>launch gaps</source>
        <translation>启动间隙</translation>
    </message>
</context>
<context>
    <name>straggler.metric.logProblems</name>
    <message>
        <source>log problems</source>
        <translation>日志问题</translation>
    </message>
</context>
<context>
    <name>straggler.metric.stepTime</name>
    <message>
        <source>step time</source>
        <translation>单步耗时</translation>
    </message>
</context>
<context>
    <name>straggler.metric.timerBatch</name>
    <message>
        <source>timer batch generator</source>
        <translation>计时器 batch generator</translation>
    </message>
</context>
<context>
    <name>straggler.metric.timerCommunication</name>
    <message>
        <source>timer communication</source>
        <translation>计时器通信</translation>
    </message>
</context>
<context>
    <name>straggler.metric.timerCompute</name>
    <message>
        <source>timer compute</source>
        <translation>计时器计算</translation>
    </message>
</context>
<context>
    <name>straggler.metric.unknown</name>
    <message>
        <source>unknown metric</source>
        <translation>未知指标</translation>
    </message>
</context>
<context>
    <name>straggler.noun.causedWait</name>
    <message>
        <source>wait it causes at collectives</source>
        <translation>它在集合通信中造成的等待</translation>
    </message>
</context>
<context>
    <name>straggler.noun.collectiveWait</name>
    <message>
        <source>collective wait</source>
        <translation>集合通信等待</translation>
    </message>
</context>
<context>
    <name>straggler.noun.commPerGigabyte</name>
    <message>
        <source>communication time per GB on the bus</source>
        <translation>总线上每 GB 的通信时间</translation>
    </message>
</context>
<context>
    <name>straggler.noun.communicationTime</name>
    <message>
        <source>communication time</source>
        <translation>通信时间</translation>
    </message>
</context>
<context>
    <name>straggler.noun.communicationTransfer</name>
    <message>
        <source>communication transfer time</source>
        <translation>通信传输时间</translation>
    </message>
</context>
<context>
    <name>straggler.noun.computeTime</name>
    <message>
        <source>compute time</source>
        <translation>计算时间</translation>
    </message>
</context>
<context>
    <name>straggler.noun.cpuOpTime</name>
    <message>
        <source>CPU op time</source>
        <translation>CPU 算子耗时</translation>
    </message>
</context>
<context>
    <name>straggler.noun.detectorGetBatch</name>
    <message>
        <source>get_batch latency in Megatron's straggler detector</source>
        <translation>Megatron straggler detector 中的 get_batch 延迟</translation>
    </message>
</context>
<context>
    <name>straggler.noun.detectorRoundTrip</name>
    <message>
        <source>round trip in Megatron's straggler detector</source>
        <translation>Megatron straggler detector 中的往返时间</translation>
    </message>
</context>
<context>
    <name>straggler.noun.exposedCommunication</name>
    <message>
        <source>exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
</context>
<context>
    <name>straggler.noun.gpuIdle</name>
    <message>
        <source>GPU idle time</source>
        <translation>GPU 空闲时间</translation>
    </message>
</context>
<context>
    <name>straggler.noun.lateArrivals</name>
    <message>
        <source>count of last arrivals at collectives</source>
        <translation>在集合通信中最后到达的次数</translation>
    </message>
</context>
<context>
    <name>straggler.noun.launchGap</name>
    <message>
        <source>kernel launch gap time</source>
        <translation>内核启动间隙时间</translation>
    </message>
</context>
<context>
    <name>straggler.noun.logProblems</name>
    <message>
        <source>error and warning log events</source>
        <translation>错误和警告日志事件</translation>
    </message>
</context>
<context>
    <name>straggler.noun.stepTime</name>
    <message>
        <source>step time</source>
        <translation>单步耗时</translation>
    </message>
</context>
<context>
    <name>straggler.noun.time</name>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>straggler.noun.timerBatch</name>
    <message>
        <source>batch generator time (Megatron timers)</source>
        <translation>batch generator 时间（Megatron 计时器）</translation>
    </message>
</context>
<context>
    <name>straggler.noun.timerCommunication</name>
    <message>
        <source>communication time (Megatron timers)</source>
        <translation>通信时间（Megatron 计时器）</translation>
    </message>
</context>
<context>
    <name>straggler.noun.timerCompute</name>
    <message>
        <source>forward and backward compute time (Megatron timers)</source>
        <translation>前向与反向计算时间（Megatron 计时器）</translation>
    </message>
</context>
<context>
    <name>straggler.subject.node</name>
    <message>
        <source>%1 (ranks %2)</source>
        <translation>%1（rank %2）</translation>
    </message>
</context>
<context>
    <name>straggler.subject.rank</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>straggler.subject.rankOnNode</name>
    <message>
        <source>rank %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>straggler.subject.ranks</name>
    <message>
        <source>ranks %1</source>
        <translation>rank %1</translation>
    </message>
</context>
<context>
    <name>straggler.subject.ranksOnNode</name>
    <message>
        <source>ranks %1 (%2)</source>
        <translation>rank %1（%2）</translation>
    </message>
</context>
<context>
    <name>straggler.summary.cannotTellFromLogs</name>
    <message>
        <source>Cannot tell stragglers from these logs: %1; comparing ranks needs the step times of every rank (one profiler trace per rank in traces/, or iteration lines from every rank).</source>
        <translation>无法从这些日志判断掉队者：%1；比较 rank 需要每个 rank 的单步耗时（traces/ 中每个 rank 一份性能分析追踪，或每个 rank 的迭代行）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.clocksPoor</name>
    <message>
        <source>The clocks of the traces could not be aligned well enough to compare arrivals: collective waits and arrival order were left out.</source>
        <translation>追踪的时钟无法对齐到足以比较到达顺序的程度：已略去集合通信等待和到达顺序。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.groupSplits</name>
    <message>
        <source>Inconclusive: from %1 the %2 group splits on %3 without a strict healthy majority, so no rank can be named.</source>
        <translation>无定论：从%1起，%2 组在%3上出现分歧，且没有严格的健康多数，因此无法指出某个 rank。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.inconclusive</name>
    <message>
        <source>Inconclusive: the peers disagree without a strict healthy majority, so no rank can be named.</source>
        <translation>无定论：同组 rank 之间存在分歧，且没有严格的健康多数，因此无法指出某个 rank。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noData</name>
    <message>
        <source>No profiler trace windows to analyze.</source>
        <translation>没有可分析的性能分析追踪窗口。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.node</name>
    <message>
        <source>%1 is slow: %2</source>
        <translation>%1 偏慢：%2</translation>
    </message>
</context>
<context>
    <name>straggler.summary.nodeCost</name>
    <message>
        <source>%1; they cost the job %2</source>
        <translation>%1；它们使作业损失%2</translation>
    </message>
</context>
<context>
    <name>straggler.summary.nodeTentative</name>
    <message>
        <source>%1 may be slow (tentative, %2): %3</source>
        <translation>%1 可能偏慢（暂定，%2）：%3</translation>
    </message>
</context>
<context>
    <name>straggler.summary.nodeWaits</name>
    <message>
        <source>%1 wait for other ranks: their %2 is %3 above the peers' %4, but no rank was found slow at its own work</source>
        <translation>%1 在等待其他 rank：%4其%2比同组高 %3，但没有发现哪个 rank 自身工作偏慢</translation>
    </message>
</context>
<context>
    <name>straggler.summary.none</name>
    <message>
        <source>No straggler.</source>
        <translation>没有掉队者。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneInIterations</name>
    <message>
        <source>No straggler found in the %1 iterations the traces hold: no rank stands out as slower at its own work while its peers wait for it (%2 or more iterations would also test persistence).</source>
        <translation>追踪包含的 %1 个迭代中没有发现掉队者：没有哪个 rank 在自身工作上明显更慢、让同组 rank 等它（%2 个或更多迭代还能检验其持续性）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneInOneIteration</name>
    <message>
        <source>No straggler found in the one iteration the traces hold: no rank stands out as slower at its own work while its peers wait for it (%1 or more iterations would also test persistence).</source>
        <translation>追踪包含的唯一一个迭代中没有发现掉队者：没有哪个 rank 在自身工作上明显更慢、让同组 rank 等它（%1 个或更多迭代还能检验其持续性）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneInOneTimeBin</name>
    <message>
        <source>No straggler found in the one time bin the traces hold: no rank stands out as slower at its own work while its peers wait for it (%1 or more time bins would also test persistence).</source>
        <translation>追踪包含的唯一一个时间分箱中没有发现掉队者：没有哪个 rank 在自身工作上明显更慢、让同组 rank 等它（%1 个或更多时间分箱还能检验其持续性）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneInTimeBins</name>
    <message>
        <source>No straggler found in the %1 time bins the traces hold: no rank stands out as slower at its own work while its peers wait for it (%2 or more time bins would also test persistence).</source>
        <translation>追踪包含的 %1 个时间分箱中没有发现掉队者：没有哪个 rank 在自身工作上明显更慢、让同组 rank 等它（%2 个或更多时间分箱还能检验其持续性）。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneIterations</name>
    <message>
        <source>No straggler: every peer group agreed in (nearly) every iteration.</source>
        <translation>没有掉队者：每个同组在（几乎）每个迭代中都一致。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.noneTimeBins</name>
    <message>
        <source>No straggler: every peer group agreed in (nearly) every time bin.</source>
        <translation>没有掉队者：每个同组在（几乎）每个时间分箱中都一致。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.onePoorlyAligned</name>
    <message>
        <source>Collective waits and arrival order of 1 poorly aligned rank were left out.</source>
        <translation>已略去 1 个时钟对齐较差的 rank 的集合通信等待和到达顺序。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.oneWaitsForNode</name>
    <message>
        <source>%1; 1 rank waits for them in collectives</source>
        <translation>%1；1 个 rank 在集合通信中等待它们</translation>
    </message>
</context>
<context>
    <name>straggler.summary.oneWaitsForRank</name>
    <message>
        <source>%1; 1 rank waits for it in collectives</source>
        <translation>%1；1 个 rank 在集合通信中等待它</translation>
    </message>
</context>
<context>
    <name>straggler.summary.onlySomeTimed</name>
    <message>
        <source>Only %1 of %2 ranks were compared: the logs give no step times for the other %3 ranks.</source>
        <translation>只比较了 %2 个 rank 中的 %1 个：日志没有给出其余 %3 个 rank 的单步耗时。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.onlySomeTimedOneOther</name>
    <message>
        <source>Only %1 of %2 ranks were compared: the logs give no step times for the other 1 rank.</source>
        <translation>只比较了 %2 个 rank 中的 %1 个：日志没有给出其余 1 个 rank 的单步耗时。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.otherSuspect</name>
    <message>
        <source>%1; 1 other suspect</source>
        <translation>%1；另有 1 个嫌疑对象</translation>
    </message>
</context>
<context>
    <name>straggler.summary.otherSuspects</name>
    <message>
        <source>%1; %2 other suspects</source>
        <translation>%1；另有 %2 个嫌疑对象</translation>
    </message>
</context>
<context>
    <name>straggler.summary.poorlyAligned</name>
    <message>
        <source>Collective waits and arrival order of %1 poorly aligned ranks were left out.</source>
        <translation>已略去 %1 个时钟对齐较差的 rank 的集合通信等待和到达顺序。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.rank</name>
    <message>
        <source>%1 is a straggler: %2</source>
        <translation>%1 是掉队者：%2</translation>
    </message>
</context>
<context>
    <name>straggler.summary.rankCost</name>
    <message>
        <source>%1; it costs the job %2</source>
        <translation>%1；它使作业损失%2</translation>
    </message>
</context>
<context>
    <name>straggler.summary.rankTentative</name>
    <message>
        <source>%1 may be a straggler (tentative, %2): %3</source>
        <translation>%1 可能是掉队者（暂定，%2）：%3</translation>
    </message>
</context>
<context>
    <name>straggler.summary.rankWaits</name>
    <message>
        <source>%1 waits for other ranks: its %2 is %3 above the peers' %4, but no rank was found slow at its own work</source>
        <translation>%1 在等待其他 rank：%4其%2比同组高 %3，但没有发现哪个 rank 自身工作偏慢</translation>
    </message>
</context>
<context>
    <name>straggler.summary.tooFewRanks</name>
    <message>
        <source>Too few equivalent ranks: naming a straggler needs peer groups of at least 3 ranks.</source>
        <translation>等价的 rank 太少：指出掉队者需要至少 3 个 rank 的同组。</translation>
    </message>
</context>
<context>
    <name>straggler.summary.waitForNode</name>
    <message>
        <source>%1; %2 ranks wait for them in collectives</source>
        <translation>%1；%2 个 rank 在集合通信中等待它们</translation>
    </message>
</context>
<context>
    <name>straggler.summary.waitForRank</name>
    <message>
        <source>%1; %2 ranks wait for it in collectives</source>
        <translation>%1；%2 个 rank 在集合通信中等待它</translation>
    </message>
</context>
<context>
    <name>straggler.suspect</name>
    <message>
        <source>%1: %2 %3 over peer median %4, %5</source>
        <translation>%1：%4%2相对同组中位数 %3，%5</translation>
    </message>
</context>
<context>
    <name>straggler.suspect.cost</name>
    <message>
        <source>%1; costs the job %2</source>
        <translation>%1；使作业损失%2</translation>
    </message>
</context>
<context>
    <name>straggler.suspect.waiter</name>
    <message>
        <source>%1; it waits for other ranks rather than making them wait</source>
        <translation>%1；它是在等待其他 rank，而不是让它们等待</translation>
    </message>
</context>
<context>
    <name>straggler.suspectAlso</name>
    <message>
        <source>%1: %2 %3 over peer median %4 (%5), %6</source>
        <translation>%1：%4%2相对同组中位数 %3（%5），%6</translation>
    </message>
</context>
<context>
    <name>straggler.when.everyIteration</name>
    <message>
        <source>every %1 iteration %2</source>
        <translation>%2每 %1 个迭代一次</translation>
    </message>
</context>
<context>
    <name>straggler.when.everyTimeBin</name>
    <message>
        <source>every %1 time bin %2</source>
        <translation>%2每 %1 个时间分箱一次</translation>
    </message>
</context>
<context>
    <name>straggler.when.from</name>
    <message>
        <source>from %1</source>
        <translation>从%1 起</translation>
    </message>
</context>
<context>
    <name>straggler.when.in</name>
    <message>
        <source>in %1</source>
        <translation>在%1中</translation>
    </message>
</context>
<context>
    <name>straggler.when.inIterations</name>
    <message>
        <source>in iterations %1-%2</source>
        <translation>在迭代 %1-%2 中</translation>
    </message>
</context>
<context>
    <name>straggler.when.inTimeBins</name>
    <message>
        <source>in time bins %1-%2</source>
        <translation>在时间分箱 %1-%2 中</translation>
    </message>
</context>
<context>
    <name>straggler.window.iteration</name>
    <message>
        <source>iteration %1</source>
        <translation>迭代 %1</translation>
    </message>
</context>
<context>
    <name>straggler.window.timeBin</name>
    <message>
        <source>time bin %1</source>
        <translation>时间分箱 %1</translation>
    </message>
</context>
<context>
    <name>straggler.windows.many</name>
    <message>
        <source>%1 windows</source>
        <translation>%1 个窗口</translation>
    </message>
</context>
<context>
    <name>straggler.windows.one</name>
    <message>
        <source>one window</source>
        <translation>一个窗口</translation>
    </message>
</context>
<context>
    <name>straggler.windows.two</name>
    <message>
        <source>two windows</source>
        <translation>两个窗口</translation>
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