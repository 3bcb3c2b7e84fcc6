/// The CSS and scripts every page inlines (pages are self-contained: no network, work from file://).
///
/// The scripts only add behaviour to what the tool already drew: zoom and pan, tooltips, sorting and
/// filtering. Each ends by setting `data-ready="1"` on `<body>`, and an error handler writes
/// `data-error` there instead, so a test reading the DOM sees whether the script ran cleanly.
enum HTMLAssets {
  /// The shared style sheet.
  static let css = """
    body{font:13px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:16px;color:#1d1d1f;background:#fff}
    h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:18px 0 6px}
    .meta{color:#555;margin:2px 0}.meta span{margin-right:14px}
    .status{display:inline-block;padding:1px 8px;border-radius:9px;font-weight:600;color:#fff}
    .status-passed{background:#2e7d32}.status-failed{background:#c62828}.status-crashed{background:#6a1b9a}.status-skipped{background:#757575}
    table{border-collapse:collapse;margin:4px 0}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
    th{background:#f4f4f6}td.num{text-align:right;font-variant-numeric:tabular-nums}
    tr.over td{background:#ffebee;color:#b71c1c}
    ol.failures li{margin:3px 0}ol.failures a{font-weight:600;color:#c62828}
    .controls{margin:8px 0}.controls button{margin-right:4px}
    .lanes{display:flex;border:1px solid #ccc}.labels{flex:none;background:#fafafa;border-right:1px solid #ccc}
    .scroll{overflow-x:auto;overflow-y:hidden;flex:1}
    .lane-label{font-size:12px;fill:#333}.axis-label{font-size:11px;fill:#666}
    svg text{font-size:11px}.audio-time{fill:#8a6d00}
    .lane-bg{fill:#fff;stroke:#eee}.lane:nth-child(even) .lane-bg{fill:#fbfbfd}
    .tick{stroke:#eee}.axis text{fill:#555}.baseline{stroke:#ddd}
    .waveform{stroke:#3f6fb5;stroke-width:1;fill:none}.heard{stroke:#2e7d32;stroke-width:1;fill:none}
    .heard-mark{opacity:.45}.heard-lost{fill:#e53935}.heard-repeated{fill:#fb8c00}.heard-garbled{fill:#8e24aa}
    .step line{stroke:#555;stroke-width:1}.step text{fill:#333}
    .step-start line,.step-stop line{stroke:#1565c0;stroke-width:2}.step-route line,.step-interrupt line{stroke:#ef6c00;stroke-width:2}
    .step-network line,.step-permission line{stroke:#6a1b9a;stroke-width:2}
    .phase{stroke:none}.phase-idle{fill:#e0e0e0}.phase-preparing{fill:#ffe082}.phase-listening{fill:#81c784}.phase-stopping{fill:#90caf9}
    .phase-failed{fill:#e57373}.phase-other{fill:#ce93d8}
    .tap{fill:#90a4ae}.convert{fill:#b0bec5}.accepted{fill:#66bb6a}.rejected{fill:#e53935}
    .result.volatile{fill:#e3f2fd;stroke:#90caf9}.result.final{fill:#1565c0}.result.withdrawn{fill:#fff3e0;stroke:#ef6c00;stroke-dasharray:3 2}
    .clip text{fill:#0d2a4a}.clip .result.final+text{fill:#fff}
    .ui-text{fill:#f1f8e9;stroke:#c5e1a5}.ui-change{fill:#fbc02d}.committed{fill:#1b5e20;font-weight:600}.volatile{fill:#558b2f;font-style:italic}
    #lane-observed .ui-text{fill:#fff8e1;stroke:#ffe082}
    .ledger{fill:none;stroke-width:1.5}.ledger-0{stroke:#1565c0;fill:#1565c0}.ledger-1{stroke:#2e7d32;fill:#2e7d32}.ledger-2{stroke:#ef6c00;fill:#ef6c00}
    .ledger-3{stroke:#6a1b9a;fill:#6a1b9a}.ledger-4{stroke:#00838f;fill:#00838f}.ledger-5{stroke:#795548;fill:#795548}
    path.ledger{fill:none}.ledger-name{font-size:10px;stroke:none}
    .diagnostic{fill:#ff8f00}
    .budget{fill:#81c784}.budget.over{fill:#e53935}.budget-limit{stroke:#000;stroke-width:1.5}.budget-name{fill:#555;font-size:10px}
    tr.changed td{background:#fffde7}
    .failure-marker circle{fill:#c62828}.failure-marker text{fill:#c62828;font-weight:700}.failure-line{stroke:#c62828;stroke-width:1.5;stroke-dasharray:4 3}
    .divergence line{stroke:#d81b60;stroke-width:2}
    .flash circle{stroke:#000;stroke-width:3}
    #tip{position:fixed;display:none;pointer-events:none;background:#263238;color:#fff;padding:4px 6px;border-radius:3px;font:11px/1.35 ui-monospace,monospace;white-space:pre-wrap;max-width:520px;z-index:9}
    pre.output{background:#f5f5f5;padding:8px;overflow:auto;max-height:400px}
    .filter{margin:6px 0}.filter input{width:260px}
    th.sortable{cursor:pointer}th.sortable:after{content:" \\2195";color:#aaa}
    .note{fill:#999}
    .legend{margin:4px 0;color:#333}.legend-title{font-weight:600;margin:0 6px 0 10px}.legend-title:first-child{margin-left:0}
    .legend-item{margin-right:10px;white-space:nowrap}
    .swatch{display:inline-block;width:14px;height:10px;margin-right:4px;vertical-align:-1px;border:1px solid #bbb}
    .swatch.phase-idle{background:#e0e0e0}.swatch.phase-preparing{background:#ffe082}.swatch.phase-listening{background:#81c784}
    .swatch.phase-stopping{background:#90caf9}.swatch.phase-failed{background:#e57373}.swatch.phase-other{background:#ce93d8}
    .swatch.heard-lost{background:#e53935}.swatch.heard-repeated{background:#fb8c00}.swatch.heard-garbled{background:#8e24aa}
    .swatch.result-volatile{background:#e3f2fd;border-color:#90caf9}.swatch.result-final{background:#1565c0}
    .swatch.result-withdrawn{background:#fff3e0;border:1px dashed #ef6c00}
    """

  /// The scenario page's script: fit and zoom (buttons, Ctrl+wheel), pan (scroll, drag), tooltips,
  /// failure links that scroll the plot to their marker.
  static let scenarioScript = """
    (function(){
    var body=document.body;
    window.addEventListener('error',function(e){body.setAttribute('data-error',String(e.message||e));});
    try{
    var svg=document.getElementById('timeline'),scroll=document.getElementById('scroll'),tip=document.getElementById('tip');
    var W=1600,zoom=1;
    var texts=svg.querySelectorAll('text.z'),fits=svg.querySelectorAll('text.fit');
    function wordTail(s,n){if(s.length<=n){return s;}if(n<=1){return '';}var start=s.length-(n-1);
      if(s.charAt(start-1)!==' '){var i=s.indexOf(' ',start);if(i<0){return '\\u2026';}start=i+1;}return start>=s.length?'':'\\u2026'+s.slice(start);}
    function apply(z){
      zoom=Math.max(0.05,Math.min(400,z));
      svg.setAttribute('width',String(W*zoom));
      for(var k=0;k<fits.length;k++){var f=fits[k],w=parseFloat(f.getAttribute('data-width'))*zoom;
        f.textContent=wordTail(f.getAttribute('data-text'),Math.max(0,Math.floor((w-6)/6.2)));}
      for(var i=0;i<texts.length;i++){var t=texts[i],x=t.getAttribute('x');
        if(x.indexOf('%')>=0){continue;}
        t.setAttribute('transform','translate('+x+' 0) scale('+(1/zoom)+' 1) translate('+(-x)+' 0)');}
    }
    function fit(){apply(Math.max(1,scroll.clientWidth)/W);}
    function zoomAt(f,px){var before=(scroll.scrollLeft+px)/zoom;apply(zoom*f);scroll.scrollLeft=before*zoom-px;}
    document.getElementById('zoom-in').onclick=function(){zoomAt(2,scroll.clientWidth/2);};
    document.getElementById('zoom-out').onclick=function(){zoomAt(0.5,scroll.clientWidth/2);};
    document.getElementById('zoom-fit').onclick=fit;
    scroll.addEventListener('wheel',function(e){if(!e.ctrlKey&&!e.metaKey){return;}e.preventDefault();
      var r=scroll.getBoundingClientRect();zoomAt(e.deltaY<0?1.25:0.8,e.clientX-r.left);},{passive:false});
    var drag=null;
    scroll.addEventListener('mousedown',function(e){drag={x:e.clientX,left:scroll.scrollLeft};});
    window.addEventListener('mouseup',function(){drag=null;});
    window.addEventListener('mousemove',function(e){if(drag){scroll.scrollLeft=drag.left-(e.clientX-drag.x);}});
    svg.addEventListener('mouseover',function(e){var n=e.target;while(n&&n!==svg&&!(n.getAttribute&&n.getAttribute('data-tip'))){n=n.parentNode;}
      if(!n||n===svg){tip.style.display='none';return;}tip.textContent=n.getAttribute('data-tip');tip.style.display='block';});
    svg.addEventListener('mousemove',function(e){tip.style.left=(e.clientX+12)+'px';tip.style.top=(e.clientY+12)+'px';});
    svg.addEventListener('mouseleave',function(){tip.style.display='none';});
    function reveal(id){var m=document.getElementById(id);if(!m){return;}
      var t=parseFloat(m.getAttribute('data-time')),d=parseFloat(svg.getAttribute('data-duration'));
      scroll.scrollLeft=Math.max(0,t/d*W*zoom-scroll.clientWidth/2);
      var old=svg.querySelectorAll('.flash');for(var i=0;i<old.length;i++){old[i].classList.remove('flash');}m.classList.add('flash');}
    var links=document.querySelectorAll('a.failure-link');
    for(var i=0;i<links.length;i++){links[i].addEventListener('click',function(){reveal(this.getAttribute('href').slice(1));});}
    fit();
    if(location.hash){reveal(location.hash.slice(1));}
    body.setAttribute('data-ready','1');
    }catch(err){body.setAttribute('data-error',String(err&&err.message||err));}
    })();
    """

  /// The index's script: sort by a column (click its header), filter by text and status.
  static let indexScript = """
    (function(){
    var body=document.body;
    window.addEventListener('error',function(e){body.setAttribute('data-error',String(e.message||e));});
    try{
    // A page with nothing to list (a trend page of identical runs) has no table: nothing to sort.
    var table=document.getElementById('scenarios');if(!table){body.setAttribute('data-ready','1');return;}
    var tbody=table.tBodies[0],input=document.getElementById('filter'),status=document.getElementById('status-filter');
    var direction={};
    function key(row,i){var c=row.cells[i];var v=c.getAttribute('data-sort');if(v===null){v=c.textContent;}
      var n=parseFloat(v);return isNaN(n)||!/^-?[0-9.]+(e-?[0-9]+)?$/.test(v)?v.toLowerCase():n;}
    var heads=table.tHead.rows[0].cells;
    for(var i=0;i<heads.length;i++){(function(i){heads[i].className+=' sortable';heads[i].addEventListener('click',function(){
      var d=direction[i]=-(direction[i]||-1);var rows=Array.prototype.slice.call(tbody.rows);
      rows.sort(function(a,b){var x=key(a,i),y=key(b,i);if(typeof x!==typeof y){x=String(x);y=String(y);}return x<y?-d:x>y?d:0;});
      for(var j=0;j<rows.length;j++){tbody.appendChild(rows[j]);}});})(i);}
    function filter(){var q=input.value.toLowerCase(),s=status.value,shown=0;
      for(var j=0;j<tbody.rows.length;j++){var r=tbody.rows[j];
        var ok=(!q||r.textContent.toLowerCase().indexOf(q)>=0)&&(!s||r.getAttribute('data-status')===s);
        r.style.display=ok?'':'none';if(ok){shown++;}}
      document.getElementById('shown').textContent=String(shown);}
    input.addEventListener('input',filter);status.addEventListener('change',filter);
    document.getElementById('filters').style.display='';
    body.setAttribute('data-ready','1');
    }catch(err){body.setAttribute('data-error',String(err&&err.message||err));}
    })();
    """
}
